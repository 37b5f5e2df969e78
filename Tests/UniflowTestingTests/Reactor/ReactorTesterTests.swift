import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A reactor with one synchronous action and effects of every kind.
final class LoaderReactor: Reactor {
  enum Action: Sendable { case increase, load, loadLater, loadForever, loadTwice }
  enum Mutation: Equatable, Sendable {
    case increase, setLoading(Bool), setItems([String])
  }
  struct State: Equatable {
    var count = 0
    var isLoading = false
    var items: [String] = []
  }

  let initialState = State()
  let runtime = ReactorRuntime<LoaderReactor>()
  let scheduler: AnySchedulerOf<DispatchQueue>

  init(scheduler: AnySchedulerOf<DispatchQueue> = .immediate) {
    self.scheduler = scheduler
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increase:
      return .just(.increase)
    case .load:
      return .concat(
        .just(.setLoading(true)),
        .run { send in
          await _Concurrency.Task.yield()
          send(.setItems(["milk"]))
        },
        .just(.setLoading(false))
      )
    case .loadLater:
      return .publisher(
        Just(Mutation.setItems(["later"])).delay(for: .seconds(1), scheduler: scheduler))
    case .loadForever:
      return .publisher(PassthroughSubject<Mutation, Never>())
    case .loadTwice:
      return .run { send in
        send(.setItems(["a"]))
        send(.setItems(["a", "b"]))
      }
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .increase: state.count += 1
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setItems(let items): state.items = items
    }
  }
}

@MainActor
@Suite struct ReactorTesterTests {
  @Test func aCorrectlyAssertedSynchronousActionPasses() async {
    let tester = ReactorTester { LoaderReactor() }
    tester.send(.increase) { $0.count = 1 }
    tester.send(.increase) { $0.count = 2 }
    await tester.finish()
  }

  @Test func asyncEffectsAreReceivedOneMutationAtATime() async {
    let tester = ReactorTester { LoaderReactor() }
    tester.send(.load) { $0.isLoading = true }
    await tester.receive(.setItems(["milk"])) { $0.items = ["milk"] }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }

  @Test func itWorksWithATestScheduler() async {
    let scheduler = DispatchQueue.test
    let tester = ReactorTester { LoaderReactor(scheduler: scheduler.eraseToAnyScheduler()) }
    tester.send(.loadLater)
    await scheduler.advance(by: .seconds(1))
    await tester.receive(.setItems(["later"])) { $0.items = ["later"] }
    await tester.finish()
  }

  @Test func aWrongStateAssertionFailsWithADiff() async {
    let tester = ReactorTester { LoaderReactor() }
    withKnownIssue {
      tester.send(.increase) { $0.count = 2 }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined() + "\(issue)"
      return text.contains("differs from the expected state") && text.contains("count")
    }
    await tester.finish()
  }

  @Test func aMissingStateAssertionFails() async {
    let tester = ReactorTester { LoaderReactor() }
    withKnownIssue {
      tester.send(.increase)
    }
  }

  @Test func anUnassertedMutationFailsAtFinish() async {
    let tester = ReactorTester { LoaderReactor() }
    tester.send(.loadTwice)
    await tester.receive(.setItems(["a"])) { $0.items = ["a"] }
    // Let the second mutation arrive, then end without receiving it.
    try? await _Concurrency.Task.sleep(nanoseconds: 50_000_000)
    await withKnownIssue {
      await tester.finish()
    }
  }

  @Test func anEffectStillRunningFailsAtFinish() async {
    // The test keeps the reactor, to look at it after `finish()`.
    let reactor = LoaderReactor()
    let tester = ReactorTester(reactor)
    tester.send(.loadForever)
    await withKnownIssue {
      await tester.finish(timeout: 0.05)
    }
    #expect(reactor.runtime.runningEffectCount == 0)
  }

  @Test func aReactorThatOutlivesItsTesterDoesNotKeepIt() async {
    let reactor = LoaderReactor()
    weak var released: ReactorTester<LoaderReactor>?
    do {
      let tester = ReactorTester(reactor)
      released = tester
      tester.send(.increase) { $0.count = 1 }
      await tester.finish()
    }
    #expect(released == nil)
    // The engine still reports to what the tester left behind, and nothing breaks.
    reactor.send(.increase)
    #expect(reactor.currentState.count == 2)
  }

  @Test func whatAnActionReducesWhileItIsSentIsNotLeftToReceive() async {
    let tester = ReactorTester { LoaderReactor() }
    // `.load` reduces `setLoading(true)` while it is sent, then its effect's mutations.
    tester.send(.load) { $0.isLoading = true }
    await tester.receive(.setItems(["milk"])) { $0.items = ["milk"] }
    #expect(tester.unreceivedMutations == [.setLoading(false)])
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    #expect(tester.unreceivedMutations.isEmpty)
    await tester.finish()
  }

  @Test func receivingTheWrongMutationFails() async {
    let tester = ReactorTester { LoaderReactor() }
    tester.send(.load) { $0.isLoading = true }
    await withKnownIssue {
      await tester.receive(.setItems(["bread"])) { $0.items = ["bread"] }
    }
    // The effect goes on: its last mutation comes after the one that did not match.
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }

  @Test func receivingTimesOutWhenNothingArrives() async {
    let tester = ReactorTester(timeout: 0.05) { LoaderReactor() }
    await withKnownIssue {
      await tester.receive(.increase)
    }
  }

  @Test func sendingWithUnreceivedMutationsFails() async {
    let tester = ReactorTester { LoaderReactor() }
    tester.send(.loadTwice)
    try? await _Concurrency.Task.sleep(nanoseconds: 50_000_000)
    withKnownIssue {
      tester.send(.increase) { $0.count = 1 }
    }
  }

  @Test func theNonExhaustiveModeChecksOnlyWhatIsAsserted() async {
    let tester = ReactorTester(exhaustivity: .off) { LoaderReactor() }
    tester.send(.load)
    await tester.receive(.setLoading(false)) { $0.items = ["milk"] }
    tester.send(.loadForever)
    await tester.finish(timeout: 0.01)
  }

  @Test func theNonExhaustiveModeStillCatchesAWrongValue() async {
    let tester = ReactorTester(exhaustivity: .off) { LoaderReactor() }
    withKnownIssue {
      tester.send(.increase) { $0.count = 5 }
    }
  }

  @Test func skippingInFlightEffectsLetsFinishPass() async {
    let tester = ReactorTester { LoaderReactor() }
    tester.send(.loadForever)
    #expect(tester.reactor.runtime.runningEffectCount == 1)
    tester.skipInFlightEffects()
    #expect(tester.reactor.runtime.runningEffectCount == 0)
    await tester.finish(timeout: 0.01)
  }

  @Test func skippedAssertionsAreShownWhenAsked() async {
    let tester = ReactorTester(exhaustivity: .off) { LoaderReactor() }
    tester.showSkippedAssertions = true
    tester.send(.load)
    await tester.receive(.setLoading(false)) { $0.items = ["milk"] }
    tester.send(.loadForever)
    await tester.finish(timeout: 0.01)
    let shown = tester.skippedAssertions.joined(separator: "\n")
    #expect(shown.contains("Skipped asserting state changes after sending"))
    #expect(shown.contains("isLoading"))
    #expect(shown.contains("received mutation(s) were skipped"))
    #expect(shown.contains("effect(s) still running"))
  }

  @Test func skippedAssertionsStayQuietByDefault() async {
    let tester = ReactorTester(exhaustivity: .off) { LoaderReactor() }
    tester.send(.load)
    await tester.receive(.setLoading(false))
    await tester.finish()
    #expect(tester.skippedAssertions.isEmpty)
  }
}
