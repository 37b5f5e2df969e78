import Foundation
import Uniflow

extension ReactorTester {
  /// Counts an engine event (a reduced mutation, an ended effect) and wakes the wait.
  @usableFromInline
  func noteEvent() {
    events &+= 1
    wake()
  }

  /// Waits until `condition` holds, checking it again at each event of the engine rather
  /// than on a clock; gives up after `seconds`. Returns whether the condition held.
  func wait(seconds: Double, until condition: () -> Bool) async -> Bool {
    if condition() { return true }
    let nanoseconds = UInt64(max(0, seconds) * 1_000_000_000)
    let deadline = DispatchTime.now().uptimeNanoseconds + nanoseconds
    let timer = Task { @MainActor [weak self] in
      try? await Task.sleep(nanoseconds: nanoseconds)
      self?.wake()
    }
    defer { timer.cancel() }
    while !condition() {
      if DispatchTime.now().uptimeNanoseconds >= deadline { return false }
      await withCheckedContinuation { waiter = $0 }
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
      let before = events
      _ = await wait(seconds: Self.quietSpell) { events != before }
      if events == before { return }
    }
  }

  /// How long effects must stay silent for a skip to take them as settled, in seconds.
  static var quietSpell: Double { 0.1 }

  func wake() {
    let waiter = self.waiter
    self.waiter = nil
    waiter?.resume()
  }
}
