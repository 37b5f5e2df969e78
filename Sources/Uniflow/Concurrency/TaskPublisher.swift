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
  /// Where the publisher was made (`File.swift:12`): a tester names a call still running
  /// at the end of a test by it.
  let site: String

  /// A publisher that calls `operation` once per subscription.
  ///
  /// ```swift
  /// TaskPublisher { await repository.reload() }          // TaskPublisher<[Item], Never>
  /// TaskPublisher { try await api.user(id: id) }          // TaskPublisher<User, any Error>
  /// ```
  public init(
    priority: TaskPriority? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    _ operation: @escaping @Sendable () async throws(Failure) -> Output
  ) {
    self.priority = priority
    self.operation = operation
    site = "\(fileID):\(line)"
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // Type-erased, so that the task's closure needs only `Output` and `Failure`, which
    // are `Sendable`, and not the subscriber's type.
    let subscription = TaskSubscription<Output, Failure>(
      AnySubscriber(subscriber), priority: priority, site: site, operation: operation)
    subscriber.receive(subscription: subscription)
  }
}

/// One subscription to a ``TaskPublisher``: starts the task at the first demand, cancels it
/// on `cancel()`.
private final class TaskSubscription<Output: Sendable, Failure: Error>: Subscription,
  @unchecked Sendable
{
  // Unchecked because the subscriber need not be Sendable: what changes is all in
  // `call`, reached only through its lock, and the subscriber is called with it released.
  private struct Call {
    var downstream: AnySubscriber<Output, Failure>?
    var task: Task<Void, Never>?
    var isStarted = false
    /// The call's place among the calls a tester counts, while it is in flight.
    var counted: CallToken?
  }
  private let call: Locked<Call>
  private let priority: TaskPriority?
  private let site: String
  private let operation: @Sendable () async throws(Failure) -> Output

  init(
    _ downstream: AnySubscriber<Output, Failure>, priority: TaskPriority?, site: String,
    operation: @escaping @Sendable () async throws(Failure) -> Output
  ) {
    call = Locked(Call(downstream: downstream))
    self.priority = priority
    self.site = site
    self.operation = operation
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    call.withLock { call in
      guard !call.isStarted, call.downstream != nil else { return }
      call.isStarted = true
      // Counted before the task starts, in the task that asked (a test's input), so that a
      // tester of that task sees it in flight from now until it answers.
      call.counted = Instrumentation.watcher?.beganCall(site: site) { [weak self] in
        self?.cancel()
      }
      // The task is stored under the lock, so a `cancel()` that comes while it starts
      // either finds it or stops it from starting.
      call.task = startTask(detached: false, priority: priority) { [operation] in
        let result: Result<Output, Failure>
        do throws(Failure) {
          result = .success(try await operation())
        } catch {
          result = .failure(error)
        }
        self.finish(with: result)
      }
    }
  }

  func cancel() {
    let (task, counted) = call.withLock {
      $0.downstream = nil
      return ($0.task, $0.counted.take())
    }
    if let counted { Instrumentation.watcher?.endedCall(counted) }
    task?.cancel()
  }

  private func finish(with result: Result<Output, Failure>) {
    // A cancelled subscription has let go of its subscriber: whatever the call returned
    // after its cancellation is dropped.
    let (downstream, counted) = call.withLock { ($0.downstream.take(), $0.counted.take()) }
    // The value is delivered before the call stops counting, so a tester that sees no
    // call in flight has every value the call sent.
    defer { if let counted { Instrumentation.watcher?.endedCall(counted) } }
    guard let downstream else { return }
    // What the value meets on its way (a `receive(on:)`, a hop to the main actor) belongs
    // to the testers that count the call.
    Instrumentation.delivering(for: counted?.scopes ?? []) {
      switch result {
      case .success(let value):
        _ = downstream.receive(value)
        downstream.receive(completion: .finished)
      case .failure(let error):
        downstream.receive(completion: .failure(error))
      }
    }
  }
}
