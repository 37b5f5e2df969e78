import Foundation
import Uniflow

extension ReactorTester {
  /// Waits until `condition` holds, checking it again at each event of the engine; gives
  /// up after `seconds` of ``WaitBudget``. Returns whether the condition held.
  func wait(seconds: Double, until condition: () -> Bool) async -> Bool {
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
    while !condition() {
      if budget.isSpent() { return false }
      await events.suspend()
    }
    return true
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
