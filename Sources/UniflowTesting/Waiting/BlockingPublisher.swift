import Foundation

/// A publisher read by blocking the current thread until it finishes or a timeout
/// passes; RxBlocking's `toBlocking(timeout:)`.
///
/// Do not block the thread the publisher delivers on (for example the main thread with
/// `receive(on: DispatchQueue.main)`): it would only time out.
///
/// ```swift
/// let pushes = try viewModel.nextViewPushing.toBlocking(timeout: 1).toArray()
/// #expect(pushes.count == 1)
/// ```
public struct BlockingPublisher<Upstream: Publisher> {
  let upstream: Upstream
  let timeout: Double

  /// Every value, once the publisher has finished. Throws the publisher's failure or
  /// ``WaitError/timeout(seconds:received:)``.
  public func toArray() throws -> [Upstream.Output] {
    try wait(stoppingAtFirst: false)
  }

  /// The first value. Throws ``WaitError/noElements`` if it finishes without one.
  public func first() throws -> Upstream.Output {
    guard let value = try wait(stoppingAtFirst: true).first else {
      throw WaitError.noElements
    }
    return value
  }

  /// The last value, once the publisher has finished. Throws ``WaitError/noElements``
  /// if it finished without one.
  public func last() throws -> Upstream.Output {
    guard let value = try toArray().last else { throw WaitError.noElements }
    return value
  }

  private func wait(stoppingAtFirst: Bool) throws -> [Upstream.Output] {
    let collector = WaitCollector<Upstream.Output, Upstream.Failure>(stopAtFirst: stoppingAtFirst)
    let cancellable = upstream.sink(
      receiveCompletion: { collector.finish($0) },
      receiveValue: { collector.append($0) }
    )
    let outcome = collector.wait(seconds: timeout)
    cancellable.cancel()
    return try outcome.get(timeout: timeout)
  }
}

extension Publisher {
  /// Reads this publisher by blocking until it finishes or `timeout` seconds pass.
  ///
  /// ```swift
  /// let values = try publisher.toBlocking(timeout: 1).toArray()
  /// ```
  public func toBlocking(timeout: Double = 1) -> BlockingPublisher<Self> {
    BlockingPublisher(upstream: self, timeout: timeout)
  }
}
