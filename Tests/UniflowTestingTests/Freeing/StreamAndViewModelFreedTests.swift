import Testing
import UniflowTesting

/// A stream another stream is given in its `Extra`, as seed 000's search API stream.
final class ResultsStream: UnioStream<ResultsStream> {
  struct Input: InputType { let query = PublishRelay<String>() }
  struct Output: OutputType { let results: PublishRelay<String> }
  struct State: StateType { let results = PublishRelay<String>() }
  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let results = dependency.state.results
    dependency.inputPublishers.query.sink { results.accept("\($0)!") }.disposed(by: disposeBag)
    return Output(results: results)
  }

  init() { super.init(input: Input(), state: State(), extra: Extra()) }
}

/// A screen's stream that follows `ResultsStream`'s results; with `capturesSelf`, its
/// initializer keeps a `sink` that captures `self` in the stream's own bag: a cycle.
final class ScreenStream: UnioStream<ScreenStream> {
  struct Input: InputType { let search = PublishRelay<String>() }
  struct Output: OutputType { let shown: PublishRelay<String> }
  struct State: StateType { let shown = PublishRelay<String>() }
  struct Extra: ExtraType { let api: ResultsStream }

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let (api, shown) = (dependency.extra.api, dependency.state.shown)
    dependency.inputPublishers.search.sink { api.input.query($0) }.disposed(by: disposeBag)
    api.output.results.sink { shown.accept($0) }.disposed(by: disposeBag)
    return Output(shown: shown)
  }

  private(set) var lastShown = ""
  private let bag = DisposeBag()

  init(api: ResultsStream, capturesSelf: Bool = false) {
    super.init(input: Input(), state: State(), extra: Extra(api: api))
    if capturesSelf {
      api.output.results.sink { [self] in lastShown = $0 }.disposed(by: bag)
    }
  }
}

/// Seed 001's view model: a repository's publisher, observed with `sink`.
final class ProfileRepository {
  let names = BehaviorRelay(value: "Ada")
  /// Where a careless view model stores its subscription: outside itself.
  var bag = Set<AnyCancellable>()
}

final class ProfileViewModel {
  enum Leak { case none, sinkCapturesSelf, subscriptionKeptInRepository }
  @Published private(set) var name = ""
  private var cancellables = Set<AnyCancellable>()
  private let repository: ProfileRepository
  private let leak: Leak

  init(repository: ProfileRepository, leak: Leak) {
    self.repository = repository
    self.leak = leak
    if leak == .sinkCapturesSelf {
      repository.names.sink { self.name = $0 }.store(in: &cancellables)
    } else {
      repository.names.sink { [weak self] in self?.name = $0 }.store(in: &cancellables)
    }
  }

  func reload() {
    guard leak == .subscriptionKeptInRepository else { return }
    repository.names.sink { [weak self] in self?.name = $0 }.store(in: &repository.bag)
  }
}

@Suite struct StreamAndViewModelFreedTests {
  @Test func aStreamTheTesterBuiltIsFreedAtFinish() async {
    let api = ResultsStream()
    let tester = StreamTester { ScreenStream(api: api) }
    tester.input.search("swift")
    await tester.receive(\.shown, "swift!")
    await tester.finish()
  }

  @Test func aStreamThatCapturesItselfNamesTheSubscriptionToItsExtra() async {
    let api = ResultsStream()
    let tester = StreamTester { ScreenStream(api: api, capturesSelf: true) }
    tester.input.search("swift")
    await tester.receive(\.shown, "swift!")
    await withKnownIssue {
      await tester.finish()
    } matching: {
      issue(
        $0, says: "`ScreenStream` was not freed after the test",
        "2 subscription(s) to `extra.api.output.results` are still open",
        "in `bind(from:disposeBag:)` or in the stream's initializer")
    }
  }

  @Test func aViewModelWhoseSinkCapturesSelfIsReported() async {
    let repository = ProfileRepository()
    let tester = OutputTester(outputs: \.$name) {
      ProfileViewModel(repository: repository, leak: .sinkCapturesSelf)
    }
    await withKnownIssue {
      await tester.finish()
    } matching: {
      issue(
        $0, says: "`ProfileViewModel` was not freed after the test",
        "1 subscription(s) to `repository.names` is still open",
        "It keeps 1 subscription(s) in `cancellables`", "[weak self]")
    }
  }

  @Test func aViewModelThatCapturesWeaklyIsFreed() async {
    let repository = ProfileRepository()
    let tester = OutputTester(outputs: \.$name) {
      ProfileViewModel(repository: repository, leak: .none)
    }
    repository.names.accept("Grace")
    await tester.receive(\.$name, "Grace")
    await tester.finish()
    #expect(repository.names.openSubscriptionCount == 0)
  }

  @Test func aRepositorySubscriptionNeverCancelledIsReported() async {
    let repository = ProfileRepository()
    let tester = OutputTester(outputs: \.$name) {
      ProfileViewModel(repository: repository, leak: .subscriptionKeptInRepository)
    }
    tester.viewModel.reload()
    // The relay hands its current value to the new subscription.
    await tester.receive(\.$name, "Ada")
    await withKnownIssue {
      await tester.finish()
    } matching: {
      issue(
        $0, says: "`ProfileViewModel` was freed after the test, but",
        "1 subscription(s) to `repository.names` is still open")
    }
  }

  @Test func theHelperChecksAnObjectNoTesterDrives() async {
    let repository = ProfileRepository()
    let freed = await expectFreed {
      ProfileViewModel(repository: repository, leak: .none)
    } after: { viewModel in
      viewModel.reload()
    }
    #expect(freed)
    await withKnownIssue {
      await expectFreed {
        ProfileViewModel(repository: repository, leak: .sinkCapturesSelf)
      }
    } matching: {
      issue($0, says: "`ProfileViewModel` was not freed", "`cancellables`")
    }
  }
}
