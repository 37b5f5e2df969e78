import Foundation
import Uniflow

/// A publisher over a callback-style operation: `start` begins the work when the
/// subscriber asks for a value, and returns how to cancel it. The result is sent once,
/// then the publisher finishes; cancelling the subscription cancels the work.
struct CallbackPublisher<Output: Sendable, Failure: Error>: Publisher {
  typealias Start =
    @Sendable (_ completion: @escaping @Sendable (Result<Output, Failure>) -> Void)
    -> (@Sendable () -> Void)

  let start: Start

  init(_ start: @escaping Start) {
    self.start = start
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Operation(subscriber: AnySubscriber(subscriber), start: start))
  }

  /// `@unchecked Sendable`: `subscriber`, `cancelWork` and `isStarted` are read and
  /// written under `lock` only, and no callback runs while it is held.
  private final class Operation: Subscription, @unchecked Sendable {
    private let lock = Lock()
    private var subscriber: AnySubscriber<Output, Failure>?
    private var cancelWork: (@Sendable () -> Void)?
    private var isStarted = false
    private let start: Start

    init(subscriber: AnySubscriber<Output, Failure>, start: @escaping Start) {
      self.subscriber = subscriber
      self.start = start
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand > 0 else { return }
      let shouldStart = lock.withLock {
        defer { isStarted = true }
        return !isStarted && subscriber != nil
      }
      guard shouldStart else { return }
      let cancel = start { [weak self] result in self?.finish(with: result) }
      let cancelNow = lock.withLock { () -> Bool in
        guard subscriber != nil else { return true }
        cancelWork = cancel
        return false
      }
      if cancelNow { cancel() }
    }

    private func finish(with result: Result<Output, Failure>) {
      let subscriber = lock.withLock { () -> AnySubscriber<Output, Failure>? in
        defer {
          self.subscriber = nil
          cancelWork = nil
        }
        return self.subscriber
      }
      guard let subscriber else { return }
      switch result {
      case .success(let value):
        _ = subscriber.receive(value)
        subscriber.receive(completion: .finished)
      case .failure(let error):
        subscriber.receive(completion: .failure(error))
      }
    }

    func cancel() {
      let cancel = lock.withLock { () -> (@Sendable () -> Void)? in
        subscriber = nil
        defer { cancelWork = nil }
        return cancelWork
      }
      cancel?()
    }
  }
}
