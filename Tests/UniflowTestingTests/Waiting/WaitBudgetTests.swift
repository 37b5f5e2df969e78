import Foundation
import Testing
import Uniflow

@testable import UniflowTesting

@Suite struct WaitBudgetTests {
  /// A clock the test moves by hand, in milliseconds.
  final class HandClock: @unchecked Sendable {
    // Only the test's own thread reads and moves it; no lock is needed, and none is taken.
    var milliseconds: UInt64 = 0
    func read() -> UInt64 { milliseconds * 1_000_000 }
  }

  /// The budget's answer at each look, the clock moved by each of `steps` (in
  /// milliseconds) before it.
  func looks(seconds: Double, after steps: [UInt64]) -> [Bool] {
    let clock = HandClock()
    var budget = WaitBudget(seconds: seconds, now: clock.read)
    return steps.map { step in
      clock.milliseconds += step
      return budget.isSpent()
    }
  }

  @Test func aWaiterThatRunsOnTimeIsChargedWhatItWaited() {
    #expect(
      looks(seconds: 0.01, after: Array(repeating: 1, count: 10)) == Array(
        repeating: false, count: 9) + [true])
  }

  @Test func aWakeThatCameLateIsChargedOnlyItsLongestCharge() {
    // Ten seconds in which the waiter could not run cost it 50 ms, not the whole wait:
    // three of them and 49 ms on time leave a millisecond of the 200.
    #expect(
      looks(seconds: 0.2, after: [10_000, 10_000, 10_000, 49, 1])
        == [false, false, false, false, true])
  }

  @Test func aZeroOrNegativeBudgetIsSpentAtTheFirstLook() {
    #expect(looks(seconds: 0, after: [0]) == [true])
    #expect(looks(seconds: -1, after: [0]) == [true])
  }

  /// The failure CI saw: other tests held the main actor for longer than the timeout, and
  /// `eventually` gave up on an effect that had not had its turn.
  @MainActor @Test func eventuallyOutlastsAMainActorHeldLongerThanItsTimeout() async {
    let flag = Flag()
    // Holds the main actor for twice the timeout as soon as the waiter first sleeps, then
    // queues the work that sets the flag: behind the waiter's wake-up, which the hold
    // delayed. The waiter's next look is after the whole timeout, and the flag is not set.
    Task { @MainActor in
      let holdUntil = Date().addingTimeInterval(0.4)
      while Date() < holdUntil {}
      Task { @MainActor in flag.isSet = true }
    }
    let held = await eventually("the flag", timeout: 0.2) { flag.isSet }
    #expect(held)
  }

  @MainActor final class Flag { var isSet = false }
}
