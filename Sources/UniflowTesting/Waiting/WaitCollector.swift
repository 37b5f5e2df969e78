import Foundation
import Uniflow

/// Collects a publisher's values until it completes (or, when asked, until the first
/// value), for the blocking and `async` waits.
final class WaitCollector<Output, Failure: Error>: @unchecked Sendable {
  // Sendable because every mutable property is read and written with `lock` held.
  private let lock = Lock()
  private let done = DispatchSemaphore(value: 0)
  private let stopAtFirst: Bool
  private var values: [Output] = []
  private var failure: Failure?
  private var isDone = false
  private var onDone: (() -> Void)?

  init(stopAtFirst: Bool) {
    self.stopAtFirst = stopAtFirst
  }

  func append(_ value: Output) {
    lock.lock()
    guard !isDone else {
      lock.unlock()
      return
    }
    values.append(value)
    let finishes = stopAtFirst
    lock.unlock()
    if finishes { markDone() }
  }

  func finish(_ completion: Subscribers.Completion<Failure>) {
    lock.lock()
    if !isDone, case .failure(let error) = completion { failure = error }
    lock.unlock()
    markDone()
  }

  /// Blocks until done or `seconds` pass.
  func wait(seconds: Double) -> WaitOutcome<Output, Failure> {
    let finished = done.wait(timeout: .now() + seconds) == .success
    return outcome(finished: finished)
  }

  /// Calls `body` once, when done (at once if already done).
  func whenDone(_ body: @escaping () -> Void) {
    lock.lock()
    if isDone {
      lock.unlock()
      body()
    } else {
      onDone = body
      lock.unlock()
    }
  }

  func outcome(finished: Bool) -> WaitOutcome<Output, Failure> {
    lock.withLock {
      WaitOutcome(values: values, failure: failure, finished: finished || isDone)
    }
  }

  private func markDone() {
    lock.lock()
    guard !isDone else {
      lock.unlock()
      return
    }
    isDone = true
    let body = onDone
    onDone = nil
    lock.unlock()
    done.signal()
    body?()
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
