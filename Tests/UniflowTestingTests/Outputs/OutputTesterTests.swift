import Testing
import Uniflow
import UniflowTesting

/// A view model in the RxSwift MVVM shape: inputs handed to `init`, outputs as publishers.
final class GreetingViewModel {
  let greeting: AnyPublisher<String, Never>
  let isValid: AnyPublisher<Bool, Never>
  let notAPublisher = 42

  init(name: AnyPublisher<String, Never>) {
    greeting = name.filter { !$0.isEmpty }.map { "Hello, \($0)" }.eraseToAnyPublisher()
    isValid = name.map { !$0.isEmpty }.removeDuplicates().eraseToAnyPublisher()
  }
}

@Suite struct OutputTesterTests {
  @Test func theListedOutputsAreAssertedInOrder() async {
    let name = PublishRelay<String>()
    let tester = OutputTester(outputs: \.greeting, \.isValid) {
      GreetingViewModel(name: name.eraseToAnyPublisher())
    }
    name.accept("Ada")
    name.accept("")
    await tester.receive(\.greeting, "Hello, Ada")
    await tester.receive(\.isValid, true)
    await tester.receive(\.isValid, false)
    await tester.finish()
  }

  @Test func anOutputTheTesterWasNotGivenIsReported() async {
    let name = PublishRelay<String>()
    let tester = OutputTester(outputs: \.greeting) {
      GreetingViewModel(name: name.eraseToAnyPublisher())
    }
    await withKnownIssue {
      await tester.receive(\.isValid, true)
    } matching: {
      issue($0, says: "`isValid` is not one of the outputs the tester was given: `greeting`")
    }
    await tester.finish()
  }

  @Test func aKeyPathThatIsNotAPublisherIsReported() async {
    let name = PublishRelay<String>()
    await withKnownIssue {
      await OutputTester(outputs: \.notAPublisher) {
        GreetingViewModel(name: name.eraseToAnyPublisher())
      }.finish()
    } matching: { issue in
      "\(issue)".contains("is not a publisher")
    }
  }

  /// minne's SwiftUI form: an `ObservableObject` with `@Published private(set)` outputs.
  final class CounterViewModel: ObservableObject {
    @Published private(set) var count = 0
    @Published private(set) var isLoading = false

    func increment() {
      isLoading = true
      count += 1
      isLoading = false
    }
  }

  @Test func publishedPropertiesAreWatchedThroughTheirProjection() async {
    let tester = OutputTester(outputs: \.$count, \.$isLoading) { CounterViewModel() }
    tester.viewModel.increment()
    await tester.receive(\.$isLoading, true)
    await tester.receive(\.$count, 1)
    await tester.receive(\.$isLoading, false)
    await tester.finish()
  }
}
