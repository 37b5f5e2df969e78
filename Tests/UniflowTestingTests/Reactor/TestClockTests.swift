import Testing
import UniflowTesting

/// A reactor whose `.run` effect waits five seconds on the clock it is given: the app
/// passes `ContinuousClock()`, a test passes a `TestClock`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class ReminderReactor: Reactor {
  enum Action: Sendable { case remind, cancel }
  enum Mutation: Equatable, Sendable { case setWaiting(Bool), fire }
  struct State: Equatable {
    var isWaiting = false
    var fired = 0
  }

  let initialState = State()
  let runtime = ReactorRuntime<ReminderReactor>()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .remind:
      return .concat(
        .just(.setWaiting(true)),
        .run { [clock] send in
          try await clock.sleep(for: .seconds(5))
          send(.fire)
        }
        .cancellable(id: "reminder", cancelInFlight: true))
    case .cancel:
      return .concat(.cancel(id: "reminder"), .just(.setWaiting(false)))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setWaiting(let isWaiting): state.isWaiting = isWaiting
    case .fire:
      state.isWaiting = false
      state.fired += 1
    }
  }
}

@MainActor
@Suite struct TestClockTests {
  @Test func aFiveSecondSleepIsTestedWithoutWaitingForIt() async {
    let clock = TestClock()
    // The tester waits at most one second: the effect's five seconds cannot be real time.
    let tester = ReactorTester(timeout: 1) { ReminderReactor(clock: clock) }
    tester.send(.remind) { $0.isWaiting = true }
    // The effect starts on another thread; advance once it sleeps.
    await clock.waitUntilSleeping()
    await clock.advance(by: .seconds(4))
    #expect(tester.unreceivedMutations.isEmpty)
    await clock.advance(by: .seconds(1))
    await tester.receive(.fire) {
      $0.isWaiting = false
      $0.fired = 1
    }
    await tester.finish()
  }

  @Test func cancellingBeforeTheTimeIsUpSendsNothing() async {
    let clock = TestClock()
    let tester = ReactorTester(timeout: 1) { ReminderReactor(clock: clock) }
    tester.send(.remind) { $0.isWaiting = true }
    await clock.waitUntilSleeping()
    tester.send(.cancel) { $0.isWaiting = false }
    // Whatever the cancelled effect still does after the time is up, nothing arrives.
    await clock.advance(by: .seconds(5))
    await tester.finish()
  }
}
