import Foundation
import Uniflow

/// Tasks waiting, each for at most some seconds, for a condition another thread makes
/// true: the test clock's first sleeper, an effect queue's idleness. The waiters live in
/// the owner's ``Locked`` state, beside the condition they wait for, so a waiter cannot
/// miss the change: both are read and written under the one lock.
///
/// ```swift
/// struct State: Sendable { var busy = 0; var idle = TimedWaiters() }
/// let state = Locked(State())
/// let ready = await TimedWaiters.wait(in: state, at: \.idle, seconds: 1) { $0.busy == 0 }
/// // where `busy` drops to zero:
/// let woken = state.withLock { state in
///   state.busy -= 1
///   return state.busy == 0 ? state.idle.takeAll() : []
/// }
/// for waiter in woken { waiter.resume(returning: true) }   // once the lock is released
/// ```
struct TimedWaiters: Sendable {
  private var waiting: [UInt64: CheckedContinuation<Bool, Never>] = [:]
  private var nextNumber: UInt64 = 0

  /// No one waits.
  init() {}

  /// Returns `true` at once if `isReady` holds for the state (read with its lock held),
  /// and otherwise when the owner calls ``takeAll()``; `false` after `seconds`.
  static func wait<State: Sendable>(
    in state: Locked<State>, at waiters: WritableKeyPath<State, TimedWaiters> & Sendable,
    seconds: Double, until isReady: (State) -> Bool
  ) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let number: UInt64? = state.withLock { state in
        if isReady(state) { return nil }
        return state[keyPath: waiters].add(continuation)
      }
      guard let number else {
        continuation.resume(returning: true)
        return
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
        let late = state.withLock { $0[keyPath: waiters].remove(number) }
        late?.resume(returning: false)
      }
    }
  }

  /// Removes every waiter, to be resumed with `true` once the lock is released. Call it
  /// inside the owner's `withLock`, as the condition becomes true.
  mutating func takeAll() -> [CheckedContinuation<Bool, Never>] {
    defer { waiting.removeAll() }
    return Array(waiting.values)
  }

  private mutating func add(_ waiter: CheckedContinuation<Bool, Never>) -> UInt64 {
    nextNumber &+= 1
    waiting[nextNumber] = waiter
    return nextNumber
  }

  private mutating func remove(_ number: UInt64) -> CheckedContinuation<Bool, Never>? {
    waiting.removeValue(forKey: number)
  }
}
