import Foundation
import Uniflow

extension ReactorTester {
  /// Waits until `condition` holds, checking it again at each event of the engine; gives
  /// up after `seconds` of ``WaitBudget``. Returns whether the condition held.
  func wait(seconds: Double, until condition: () -> Bool) async -> Bool {
    deliverWhatWaitsForAHop()
    if condition() { return true }
    var budget = WaitBudget(seconds: seconds)
    // Wakes the wait now and then with no event, so that it can notice it is over.
    let timer = Task { @MainActor [events] in
      while true {
        try? await Task.sleep(nanoseconds: WaitBudget.longestCharge)
        // A cancelled sleep returns at once; waking then would wake the next wait.
        if Task.isCancelled { return }
        events.wake()
      }
    }
    defer { timer.cancel() }
    while true {
      deliverWhatWaitsForAHop()
      if condition() { return true }
      if budget.isSpent() { return false }
      await events.suspend()
    }
  }

  /// Hands the reactor, now, what was sent to it from other threads and waits for a hop
  /// to the main actor: actions, and its screens' reports when it is a flow. The hop would
  /// deliver the same values in the same order; the tester does not depend on when the
  /// main actor gets to run it, which, while other tests hold it, can be late.
  func deliverWhatWaitsForAHop() {
    guard let held else { return }
    held.runtime.deliverActionsOnTheirWay()
    inFlight?.deliverPending()
  }

  /// Lets the running effects that are ready deliver: while effects run, it waits for
  /// their next event, and stops at the first quiet spell. An effect blocked on a test
  /// clock, a test scheduler or a server that does not answer is not ready, and is left
  /// running.
  func letReadyEffectsDeliver() async {
    // What is already queued for the main actor runs first.
    for _ in 0..<10 { await Task.yield() }
    while reactor.runtime.runningEffectCount > 0 {
      let before = events.count
      _ = await wait(seconds: Self.quietSpell) { events.count != before }
      if events.count == before { return }
    }
  }

  /// How long effects must stay silent for a skip to take them as settled, in seconds.
  static var quietSpell: Double { 0.1 }
}
