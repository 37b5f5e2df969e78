/// A publisher that calls an `async` function once per subscription, in a task of its own,
/// sends what it returns and finishes, or fails with what it throws. Cancelling the
/// subscription cancels the task, and the function sees it (`Task.isCancelled`, or a
/// `CancellationError` from what it awaits).
///
/// It is how a stream or a view model calls an `async` service. A newer input supersedes
/// the call before it with `switchToLatest()` (RxSwift's `flatMapLatest`), which cancels the
/// older call's task:
///
/// ```swift
/// let results = dependency.inputPublishers.search
///   .map { query in TaskPublisher { try await api.search(query) }.materialize() }
///   .switchToLatest()
///   .share()
/// let repositories = results.compactMap(\.element)   // errors arrive as values…
/// let errors = results.compactMap(\.error)           // …and the search goes on
/// ```
///
/// The failure type follows the function: `Never` for one that does not throw, the thrown
/// type for `throws(SomeError)`, `any Error` for a plain `throws`. The value arrives on the
/// task's thread, as `URLSession`'s publisher delivers on its own; add
/// `receive(on: DispatchQueue.main)` where a view needs the main thread. Unlike `Future`,
/// nothing runs until a subscriber asks for the value, and nothing runs twice for one
/// subscription.
public struct TaskPublisher<Output: Sendable, Failure: Error>: Publisher {
  /// The function each subscription calls.
  public let operation: @Sendable () async throws(Failure) -> Output
  /// The priority of the task each subscription starts; `nil` for the default.
  public let priority: TaskPriority?

  /// A publisher that calls `operation` once per subscription.
  ///
  /// ```swift
  /// TaskPublisher { await repository.reload() }          // TaskPublisher<[Item], Never>
  /// TaskPublisher { try await api.user(id: id) }          // TaskPublisher<User, any Error>
  /// ```
  public init(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async throws(Failure) -> Output
  ) {
    self.priority = priority
    self.operation = operation
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // Type-erased, so that the task's closure needs only `Output` and `Failure`, which
    // are `Sendable`, and not the subscriber's type.
    let subscription = TaskSubscription<Output, Failure>(
      AnySubscriber(subscriber), priority: priority, operation: operation)
    subscriber.receive(subscription: subscription)
  }
}

/// One subscription to a ``TaskPublisher``: starts the task at the first demand, cancels it
/// on `cancel()`.
private final class TaskSubscription<Output: Sendable, Failure: Error>: Subscription,
  @unchecked Sendable
{
  // Sendable because `downstream`, `task` and `isStarted` are only read and written with
  // `lock` held; the subscriber is called with the lock released.
  private let lock = Lock()
  private var downstream: AnySubscriber<Output, Failure>?
  private var task: Task<Void, Never>?
  private var isStarted = false
  private let priority: TaskPriority?
  private let operation: @Sendable () async throws(Failure) -> Output

  init(
    _ downstream: AnySubscriber<Output, Failure>, priority: TaskPriority?,
    operation: @escaping @Sendable () async throws(Failure) -> Output
  ) {
    self.downstream = downstream
    self.priority = priority
    self.operation = operation
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    lock.lock()
    guard !isStarted, downstream != nil else {
      lock.unlock()
      return
    }
    isStarted = true
    // The task is stored under the lock, so a `cancel()` that comes while it starts
    // either finds it or stops it from starting.
    task = Task(priority: priority) { [operation] in
      let result: Result<Output, Failure>
      do throws(Failure) {
        result = .success(try await operation())
      } catch {
        result = .failure(error)
      }
      self.finish(with: result)
    }
    lock.unlock()
  }

  func cancel() {
    let task = lock.withLock {
      downstream = nil
      return self.task
    }
    task?.cancel()
  }

  private func finish(with result: Result<Output, Failure>) {
    // A cancelled subscription has let go of its subscriber: whatever the call returned
    // after its cancellation is dropped.
    guard let downstream = lock.withLock({ self.downstream.take() }) else { return }
    switch result {
    case .success(let value):
      _ = downstream.receive(value)
      downstream.receive(completion: .finished)
    case .failure(let error):
      downstream.receive(completion: .failure(error))
    }
  }
}
