import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A stream's or a view model's call still running at `finish()` is reported like a
/// reactor's running effect, and every value an output sends is recorded, during the
/// tester's subscription too, but for the value a holder already had.
@Suite struct WorkInFlightTests {
  /// A search whose service answers when the test opens the gate.
  final class SearchStream: UnioStream<SearchStream> {
    struct Input: InputType { let search = PublishRelay<String>() }
    struct Output: OutputType { let results: AnyPublisher<[String], Never> }
    typealias State = NoState
    struct Extra: ExtraType { let gate: Gate }

    static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
      -> Output
    {
      let gate = dependency.extra.gate
      return Output(
        results: dependency.inputPublishers.search
          .map { query in
            TaskPublisher { () async -> [String] in
              await gate.pass()
              return [query]
            }
          }
          .switchToLatest()
          .eraseToAnyPublisher())
    }

    init(gate: Gate) { super.init(input: Input(), state: NoState(), extra: Extra(gate: gate)) }
  }

  /// A view model in RxSwift MVVM's form whose posts load when it is first observed: a
  /// trigger that fires on subscription (`Driver.just(())` into `flatMapLatest`).
  final class PostsViewModel {
    let posts: AnyPublisher<[String], Never>
    let title: AnyPublisher<String, Never>
    let selection = CurrentValueSubject<Int, Never>(0)

    init(load: @escaping () -> AnyPublisher<[String], Never>) {
      posts = Just(()).map { load() }.switchToLatest().eraseToAnyPublisher()
      title = selection.map { "Post \($0)" }.eraseToAnyPublisher()
    }
  }

  @Test func aStreamsCallStillRunningAtFinishIsReportedWithWhereItWasMade() async {
    await withKnownIssue {
      let tester = StreamTester(timeout: 0.1) { SearchStream(gate: Gate()) }
      tester.input.search("swift")
      await tester.finish()
    } matching: {
      issue(
        $0, says: "1 call(s) still in flight at the end of the test",
        "a `TaskPublisher` call made at UniflowTestingTests/WorkInFlightTests.swift:",
        "skipInFlightWork()")
    }
  }

  @Test func aCallThatAnswersBeforeFinishIsWaitedForAndItsValueMustBeReceived() async {
    let gate = Gate()
    let tester = StreamTester { SearchStream(gate: gate) }
    tester.input.search("swift")
    gate.open()
    await tester.receive(\.results, ["swift"])
    await tester.finish()
  }

  @Test func skippingWorkInFlightCancelsTheCallAndLetsFinishPass() async {
    let tester = StreamTester(timeout: 0.1) { SearchStream(gate: Gate()) }
    tester.input.search("swift")
    tester.skipInFlightWork()
    await tester.finish()
  }

  @Test func skippingWorkInFlightWhenThereIsNoneFails() async {
    let tester = StreamTester { SearchStream(gate: Gate()) }
    withKnownIssue {
      tester.skipInFlightWork()
    } matching: {
      issue($0, says: "There was no work in flight to skip")
    }
    await tester.finish()
  }

  @Test func aViewModelsCallStillRunningAtFinishIsReported() async {
    final class Loader {
      let items = PassthroughSubject<[String], Never>()
      var bag: AnyCancellable?
      let gate = Gate()
      func load() {
        bag = TaskPublisher { [gate] in
          await gate.pass()
          return ["a"]
        }.sink { [items] in items.send($0) }
      }
    }
    await withKnownIssue {
      let tester = OutputTester(outputs: \.items, timeout: 0.1) { Loader() }
      tester.viewModel.load()
      await tester.finish()
    } matching: {
      issue($0, says: "1 call(s) still in flight at the end of the test")
    }
  }

  @Test func aValueSentWhileTheTesterSubscribesIsRecorded() async {
    let tester = OutputTester(outputs: \.posts) {
      PostsViewModel { Just(["first"]).eraseToAnyPublisher() }
    }
    await tester.receive(\.posts, ["first"])
    await tester.finish()
  }

  @Test func aPrependedValueIsTheOutputsStartLikeAHoldersValue() async {
    final class Form {
      let fields = PublishRelay<String>()
      let isSubmitEnabled: AnyPublisher<Bool, Never>
      init() {
        isSubmitEnabled = fields.map { !$0.isEmpty }.prepend(false).removeDuplicates()
          .eraseToAnyPublisher()
      }
    }
    let tester = OutputTester(outputs: \.isSubmitEnabled) { Form() }
    tester.viewModel.fields.accept("taro")
    await tester.receive(\.isSubmitEnabled, true)
    await tester.finish()
  }

  @Test func theValueAHolderHadWhenTheTesterSubscribedIsItsStartAndNotRecorded() async {
    let tester = OutputTester(outputs: \.title, timeout: 0.1) {
      PostsViewModel { Empty().eraseToAnyPublisher() }
    }
    await withKnownIssue {
      await tester.receive(\.title, "Post 0")
    } matching: {
      issue(
        $0,
        says: "`title` held \"Post 0\" when the tester subscribed: that is its start, which "
          + "is not recorded")
    }
    tester.viewModel.selection.send(1)
    await tester.receive(\.title, "Post 1")
    await tester.finish()
  }
}
