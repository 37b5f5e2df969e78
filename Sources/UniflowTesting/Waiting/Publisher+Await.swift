import Foundation
import Uniflow

extension Publisher {
  /// Every value, once this publisher has finished; throws its failure or
  /// ``WaitError/timeout(seconds:received:)`` after `timeout` seconds.
  ///
  /// ```swift
  /// let pages = try await viewModel.wikipediaPages.prefix(2).awaitValues(timeout: 1)
  /// ```
  nonisolated(nonsending) public func awaitValues(timeout: Double = 1) async throws -> [Output] {
    try await awaitOutcome(stoppingAtFirst: false, timeout: timeout)
  }

  /// The first value; throws ``WaitError/noElements`` if it finishes without one.
  ///
  /// ```swift
  /// let error = try await viewModel.error.awaitFirst(timeout: 1)
  /// ```
  nonisolated(nonsending) public func awaitFirst(timeout: Double = 1) async throws -> Output {
    guard let value = try await awaitOutcome(stoppingAtFirst: true, timeout: timeout).first
    else { throw WaitError.noElements }
    return value
  }

  /// The last value, once this publisher has finished; throws ``WaitError/noElements``
  /// if it finished without one.
  nonisolated(nonsending) public func awaitLast(timeout: Double = 1) async throws -> Output {
    guard let value = try await awaitValues(timeout: timeout).last else {
      throw WaitError.noElements
    }
    return value
  }

  nonisolated(nonsending) private func awaitOutcome(stoppingAtFirst: Bool, timeout: Double)
    async throws -> [Output]
  {
    let collector = WaitCollector<Output, Failure>(stopAtFirst: stoppingAtFirst)
    let cancellable = sink(
      receiveCompletion: { collector.finish($0) },
      receiveValue: { collector.append($0) }
    )
    defer { cancellable.cancel() }
    let finished = await withCheckedContinuation {
      (continuation: CheckedContinuation<Bool, Never>) in
      let resume = OnceFlag()
      collector.whenDone {
        if resume.claim() { continuation.resume(returning: true) }
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
        if resume.claim() { continuation.resume(returning: false) }
      }
    }
    return try collector.outcome(finished: finished).get(timeout: timeout)
  }
}

/// A flag that can be claimed once, from any thread.
final class OnceFlag: Sendable {
  private let claimed = Locked(false)

  func claim() -> Bool {
    claimed.withLock { claimed in
      defer { claimed = true }
      return !claimed
    }
  }
}
