import Foundation
import Uniflow

/// Tasks waiting, each for at most some seconds, for a condition another thread makes
/// true: the test clock's first sleeper, an effect queue's idleness. The owner's lock
/// guards the condition and the waiters together, so a waiter cannot miss the change.
///
/// ```swift
/// let idle = TimedWaiters(lock: lock)
/// let ready = await idle.wait(seconds: 1) { busy == 0 }   // `busy` read with `lock` held
/// // where `busy` drops to zero, with `lock` held:
/// let woken = idle.takeAll()
/// // and once it is released:
/// for waiter in woken { waiter.resume(returning: true) }
/// ```
final class TimedWaiters: @unchecked Sendable {
  // Sendable because `waiting` and `nextNumber` are only read and written with `lock` (the
  // owner's) held; continuations are resumed with it released.
  private let lock: Lock
  private var waiting: [UInt64: CheckedContinuation<Bool, Never>] = [:]
  private var nextNumber: UInt64 = 0

  /// Waiters guarded by `lock`, the lock that guards their condition.
  init(lock: Lock) {
    self.lock = lock
  }

  /// Returns `true` at once if `isReady` (called with the lock held) is true, and
  /// otherwise when ``takeAll()`` is called; `false` after `seconds`.
  func wait(seconds: Double, until isReady: () -> Bool) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let number: UInt64? = lock.withLock {
        if isReady() { return nil }
        nextNumber &+= 1
        waiting[nextNumber] = continuation
        return nextNumber
      }
      guard let number else {
        continuation.resume(returning: true)
        return
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
        let late = lock.withLock { waiting.removeValue(forKey: number) }
        late?.resume(returning: false)
      }
    }
  }

  /// Removes every waiter, to be resumed with `true` once the lock is released. Call it
  /// with the lock held, as the condition becomes true.
  func takeAll() -> [CheckedContinuation<Bool, Never>] {
    defer { waiting.removeAll() }
    return Array(waiting.values)
  }
}
