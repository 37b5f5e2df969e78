import Foundation
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

/// A timer that ticks every second in a loop until it is stopped; after each tick it works
/// for `workAfterTick` of real time (parsing what it fetched, say) before it sleeps again.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class LoopingTimerReactor: Reactor {
  enum Action: Sendable { case start, stop }
  enum Mutation: Equatable, Sendable { case tick }
  struct State: Equatable { var ticks = 0 }

  let initialState = State()
  let runtime = ReactorRuntime<LoopingTimerReactor>()
  let clock: any Clock<Duration>
  let workAfterTick: TimeInterval

  init(clock: any Clock<Duration>, workAfterTick: TimeInterval = 0) {
    self.clock = clock
    self.workAfterTick = workAfterTick
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .start:
      return .run { [clock, workAfterTick] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          send(.tick)
          // Work that holds the thread, as parsing or decoding does.
          if workAfterTick > 0 { usleep(useconds_t(workAfterTick * 1_000_000)) }
        }
      }
      .cancellable(id: "timer")
    case .stop:
      return .cancel(id: "timer")
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    state.ticks += 1
  }
}

@MainActor
@Suite struct TestClockTests {
  /// The effect wakes on another thread and must sleep again before the clock moves past
  /// its next deadline: the clock waits until the tester's effect queue is idle, so each
  /// second of the advance ticks, on every run.
  @Test(arguments: 0..<300)
  func advancingSeveralSecondsWakesALoopingTimerOnceASecond(run: Int) async {
    let clock = TestClock()
    let tester = ReactorTester { LoopingTimerReactor(clock: clock) }
    tester.send(.start)
    #expect(await clock.waitUntilSleeping())
    await clock.advance(by: .seconds(3))
    await tester.receive(.tick) { $0.ticks = 1 }
    await tester.receive(.tick) { $0.ticks = 2 }
    await tester.receive(.tick) { $0.ticks = 3 }
    #expect(tester.unreceivedMutations.isEmpty)
    tester.send(.stop)
    await tester.finish()
  }

  /// swift-clocks' clock gives a woken sleeper twenty yields, and moves time on without it
  /// when it works longer: its next sleep then ends a second late and this test fails
  /// every time. This clock waits for the effect queue instead.
  @Test func aTimerThatWorksAfterEachTickStillTicksOnceASecond() async {
    let clock = TestClock()
    let tester = ReactorTester { LoopingTimerReactor(clock: clock, workAfterTick: 0.03) }
    tester.send(.start)
    await clock.waitUntilSleeping()
    await clock.advance(by: .seconds(2))
    await tester.receive(.tick) { $0.ticks = 1 }
    await tester.receive(.tick) { $0.ticks = 2 }
    tester.send(.stop)
    await tester.finish()
  }

  @Test func advancingToADeadlineNeverMovesTimeBack() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    await clock.advance(to: TestClock.Instant(offset: .seconds(2)))
    #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
  }

  @Test func aSleepWhoseDeadlineHasPassedReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(1))
    try await clock.sleep(until: TestClock.Instant(offset: .milliseconds(500)))
    try await clock.checkSuspension()
  }

  @Test func waitingForASleeperWithNoneGivesUpAfterItsTimeout() async {
    let clock = TestClock()
    #expect(await clock.waitUntilSleeping(timeout: 0.05) == false)
  }

  @Test func runWakesEverySleeperUntilNoneIsLeft() async throws {
    let clock = TestClock()
    let tester = ReactorTester { ReminderReactor(clock: clock) }
    tester.send(.remind) { $0.isWaiting = true }
    await clock.waitUntilSleeping()
    await clock.run()
    await tester.receive(.fire) {
      $0.isWaiting = false
      $0.fired = 1
    }
    try await clock.checkSuspension()
    await tester.finish()
  }

  @Test func aCancelledSleepThrowsAndLeavesTheClock() async throws {
    let clock = TestClock()
    let sleep = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitUntilSleeping()
    sleep.cancel()
    await #expect(throws: CancellationError.self) { try await sleep.value }
    try await clock.checkSuspension()
  }

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
