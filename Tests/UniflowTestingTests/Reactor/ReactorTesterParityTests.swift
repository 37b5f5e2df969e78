import Testing
import Uniflow
import UniflowTesting

/// What ReactorKit's and TCA's users expect, found by running those libraries' own tests
/// against Uniflow: one test per behaviour.
@MainActor
@Suite struct ReactorTesterParityTests {
  /// RxTodo's cell reactor: it only holds a state, so it declares no action, no mutate and
  /// no reduce.
  final class TaskCellReactor: Reactor {
    typealias Action = NoAction
    struct State: Equatable { var title: String }

    let initialState: State
    let runtime = ReactorRuntime<TaskCellReactor>()

    init(title: String) { initialState = State(title: title) }
  }

  /// A login screen whose effect logs in later.
  final class LoginReactor: Reactor {
    enum Action: Equatable { case logIn, tapNothing }
    enum Mutation: Equatable { case setLoggedIn(Bool), setAttempts(Int) }
    struct State: Equatable {
      var isLoggedIn = false
      var attempts = 0
    }

    let initialState = State()
    let runtime = ReactorRuntime<LoginReactor>()

    func mutate(action: Action) -> Effect<Mutation> {
      switch action {
      case .logIn:
        return .concat(
          .just(.setAttempts(currentState.attempts + 1)),
          .run { send in send(.setLoggedIn(true)) })
      case .tapNothing:
        return .none
      }
    }

    func reduce(state: inout State, mutation: Mutation) {
      switch mutation {
      case .setLoggedIn(let isLoggedIn): state.isLoggedIn = isLoggedIn
      case .setAttempts(let attempts): state.attempts = attempts
      }
    }
  }

  struct Refusal: Error, CustomStringConvertible {
    var description: String { "the assertion refused" }
  }

  @Test func aReactorWhoseMutationIsNeverNeedsNoReduce() async {
    let tester = ReactorTester { TaskCellReactor(title: "Buy milk") }
    #expect(tester.state.title == "Buy milk")
    #expect(tester.reactor.currentState == TaskCellReactor.State(title: "Buy milk"))
    await tester.finish()
  }

  @Test func anAssertionClosureThatThrowsIsReportedOnceWithItsError() async {
    let tester = ReactorTester { LoginReactor() }
    let reports = Recorder<String>()
    withKnownIssue {
      tester.send(.logIn) { _ in throw Refusal() }
    } matching: { issue in
      reports.append("\(issue)")
      return true
    }
    #expect(reports.count == 1)
    #expect(
      reports.values.first?.contains("The assertion closure threw: the assertion refused") == true)
    await tester.receive(.setLoggedIn(true)) { $0.isLoggedIn = true }
    await tester.finish()
  }

  @Test func aNonExhaustiveClosureThatRestatesAnUnchangedValuePasses() async {
    let tester = ReactorTester(exhaustivity: .off) { LoginReactor() }
    tester.showSkippedAssertions = true
    tester.send(.tapNothing) { $0.attempts = 0 }
    await tester.finish()
  }

  @Test func anExhaustiveClosureThatRestatesAnUnchangedValueStillFails() async {
    let tester = ReactorTester { LoginReactor() }
    withKnownIssue {
      tester.send(.tapNothing) { $0.attempts = 0 }
    } matching: {
      issue($0, says: "Expected the state to change after sending")
    }
    await tester.finish()
  }

  @Test func mutationsSkippedBeforeASendShowTheirStateChanges() async {
    let tester = ReactorTester(exhaustivity: .off) { LoginReactor() }
    tester.showSkippedAssertions = true
    tester.send(.logIn) { $0.attempts = 1 }
    await eventually { tester.unreceivedMutations.count == 1 }
    tester.send(.tapNothing)
    let shown = tester.skippedAssertions.joined(separator: "\n")
    #expect(shown.contains("1 received mutation(s) were skipped before sending"))
    #expect(shown.contains("Skipped asserting the state changes of the skipped mutation(s)"))
    #expect(shown.contains("−   isLoggedIn: false,"))
    #expect(shown.contains("+   isLoggedIn: true,"))
    await tester.finish()
  }
}
