import Foundation

/// The time a wait may still take, charged only for the time the waiter could have run.
///
/// A waiter checks its condition each time it wakes. When it wakes late, because the
/// main actor was busy with other tests or the machine with other work, what it waits
/// for was held up just as long, so the whole gap is not charged: each wake costs at
/// most ``longestCharge``. On a quiet machine the wait gives up after about `seconds`;
/// on a loaded one it waits longer rather than failing a test that is only slow.
///
/// ```swift
/// var budget = WaitBudget(seconds: 5)
/// while !condition() {
///   if budget.isSpent() { return false }
///   try? await Task.sleep(nanoseconds: WaitBudget.tick)
/// }
/// ```
struct WaitBudget {
  /// How long a polling waiter sleeps between two looks, in nanoseconds.
  static var tick: UInt64 { 1_000_000 }
  /// The most one wake is charged, in nanoseconds: far above a tick, so a waiter that
  /// runs on time is charged what it waited. A waiter woken by events rather than by
  /// polling also sets a timer this long, so that it looks at least this often.
  static var longestCharge: UInt64 { 50_000_000 }

  private let allowed: UInt64
  private var charged: UInt64 = 0
  private var lastLook: UInt64
  private let now: () -> UInt64

  /// A budget of `seconds`, read from `now` (nanoseconds on a monotonic clock).
  init(
    seconds: Double,
    now: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
  ) {
    allowed = UInt64(max(0, seconds) * 1_000_000_000)
    self.now = now
    lastLook = now()
  }

  /// Charges the time since the last look, at most ``longestCharge``, and returns whether
  /// the budget is used up.
  mutating func isSpent() -> Bool {
    let time = now()
    charged += min(time &- lastLook, Self.longestCharge)
    lastLook = time
    return charged >= allowed
  }
}
