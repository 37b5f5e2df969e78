import Foundation
import Uniflow

/// A publisher that runs an `async` operation per subscriber, sends its result and
/// finishes; cancelling the subscription cancels the operation's task.
struct AsyncPublisher<Output: Sendable, Failure: Error>: Publisher {
  let operation: @Sendable () async throws(Failure) -> Output

  init(_ operation: @escaping @Sendable () async throws(Failure) -> Output) {
    self.operation = operation
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let subscription = Operation(subscriber: AnySubscriber(subscriber), operation: operation)
    subscriber.receive(subscription: subscription)
  }

  /// `@unchecked Sendable`: `subscriber`, `task` and `isFinished` are read and written
  /// under `lock` only.
  private final class Operation: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private var subscriber: AnySubscriber<Output, Failure>?
    private var task: Task<Void, Never>?
    private let operation: @Sendable () async throws(Failure) -> Output

    init(
      subscriber: AnySubscriber<Output, Failure>,
      operation: @escaping @Sendable () async throws(Failure) -> Output
    ) {
      self.subscriber = subscriber
      self.operation = operation
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand > 0 else { return }
      lock.withLock {
        guard task == nil, subscriber != nil else { return }
        task = Task.detached { [operation] in
          let result: Result<Output, Failure>
          do throws(Failure) {
            result = .success(try await operation())
          } catch {
            result = .failure(error)
          }
          guard !Task.isCancelled else { return }
          self.finish(with: result)
        }
      }
    }

    private func finish(with result: Result<Output, Failure>) {
      guard
        let subscriber = lock.withLock({ () -> AnySubscriber<Output, Failure>? in
          defer { self.subscriber = nil }
          return self.subscriber
        })
      else { return }
      switch result {
      case .success(let value):
        _ = subscriber.receive(value)
        subscriber.receive(completion: .finished)
      case .failure(let error):
        subscriber.receive(completion: .failure(error))
      }
    }

    func cancel() {
      let task = lock.withLock { () -> Task<Void, Never>? in
        subscriber = nil
        return self.task
      }
      task?.cancel()
    }
  }
}
