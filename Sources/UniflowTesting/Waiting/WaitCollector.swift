import Foundation
import Uniflow

/// Collects a publisher's values until it completes (or, when asked, until the first
/// value), for the blocking and `async` waits.
final class WaitCollector<Output, Failure: Error>: @unchecked Sendable {
  // Unchecked only because `Output`, `Failure` and the `whenDone` body need not be
  // Sendable: what changes is all in `state`, reached only through its lock.
  private struct State {
    var values: [Output] = []
    var failure: Failure?
    /// Whether the publisher finished, failed or (when asked) sent its first value.
    var isDone = false
    var onDone: (() -> Void)?
  }
  private let state = Locked(State())
  private let done = DispatchSemaphore(value: 0)
  private let stopAtFirst: Bool

  init(stopAtFirst: Bool) {
    self.stopAtFirst = stopAtFirst
  }

  func append(_ value: Output) {
    let appended = state.withLock {
      guard !$0.isDone else { return false }
      $0.values.append(value)
      return true
    }
    if appended, stopAtFirst { markDone() }
  }

  func finish(_ completion: Subscribers.Completion<Failure>) {
    state.withLock {
      if !$0.isDone, case .failure(let error) = completion { $0.failure = error }
    }
    markDone()
  }

  /// Blocks until done or `seconds` pass.
  func wait(seconds: Double) -> WaitOutcome<Output, Failure> {
    let finished = done.wait(timeout: .now() + seconds) == .success
    return outcome(finished: finished)
  }

  /// Calls `body` once, when done (at once if already done).
  func whenDone(_ body: @escaping () -> Void) {
    let runsNow = state.withLock {
      guard !$0.isDone else { return true }
      $0.onDone = body
      return false
    }
    if runsNow { body() }
  }

  func outcome(finished: Bool) -> WaitOutcome<Output, Failure> {
    state.withLock {
      WaitOutcome(values: $0.values, failure: $0.failure, finished: finished || $0.isDone)
    }
  }

  private func markDone() {
    let ended: (first: Bool, body: (() -> Void)?) = state.withLock { state in
      guard !state.isDone else { return (false, nil) }
      state.isDone = true
      defer { state.onDone = nil }
      return (true, state.onDone)
    }
    guard ended.first else { return }
    done.signal()
    ended.body?()
  }
}

/// What a wait ended with.
struct WaitOutcome<Output, Failure: Error> {
  let values: [Output]
  let failure: Failure?
  let finished: Bool

  func get(timeout: Double) throws -> [Output] {
    if let failure { throw failure }
    guard finished else { throw WaitError.timeout(seconds: timeout, received: values.count) }
    return values
  }
}
