import Clocks
import Foundation

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension Clocks.TestClock {
  /// Waits until something sleeps on swift-clocks' clock, such as a reactor's `.run`
  /// effect that has just started on another thread; gives up after `timeout` seconds.
  /// Advance the clock after this, so that the advance cannot come before the sleep.
  /// (A file that imports UniflowTesting but not `Clocks` gets UniflowTesting's own
  /// ``TestClock``, which waits on the sleep itself.)
  ///
  /// ```swift
  /// tester.send(.remind)
  /// await clock.waitUntilSleeping()
  /// await clock.advance(by: .seconds(5))
  /// await tester.receive(.fire)
  /// ```
  @discardableResult
  public func waitUntilSleeping(timeout: Double = 1) async -> Bool {
    var budget = WaitBudget(seconds: timeout)
    // `checkSuspension` throws exactly when a sleep is pending.
    while (try? await checkSuspension()) != nil {
      if budget.isSpent() { return false }
      await Task.yield()
    }
    return true
  }
}
