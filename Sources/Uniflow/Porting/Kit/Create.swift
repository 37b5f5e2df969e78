/// What the closure of `AnyPublisher.create` sends to: RxSwift's observer,
/// under RxSwift's names (`onNext`, `onError`, `onCompleted`, and, called like a function,
/// a `Single`'s `.success`/`.failure` or a `Completable`'s `.completed`/`.error`) and
/// Combine's (`send`, `send(completion:)`).
///
/// ```swift
/// func user(id: Int) -> Single<User> {
///   Single.create { single in
///     let task = client.fetch(id) { result in single(result) }
///     return Disposables.create { task.cancel() }
///   }
/// }
/// ```
///
/// After the end (a failure, a completion, a `Single`'s answer), what it is sent is
/// dropped, as in RxSwift.
public struct AnyObserver<Element, Failure: Error>: @unchecked Sendable {
  // Sendable because it holds nothing mutable: `receive` forwards to a
  // `CreatedSubscription`, whose every mutation goes through its lock (and its queue's).
  // Not a `@Sendable` closure: one made in the generic publisher would capture the
  // subscriber's type, which Swift cannot prove sendable.
  private let receive: (Event<Element, Failure>) -> Void

  init(_ receive: @escaping (Event<Element, Failure>) -> Void) {
    self.receive = receive
  }

  /// Sends `event`: a value, a failure or the end.
  public func on(_ event: Event<Element, Failure>) { receive(event) }

  /// Sends a value.
  public func onNext(_ element: Element) { receive(.next(element)) }

  /// Fails, and ends.
  public func onError(_ error: Failure) { receive(.error(error)) }

  /// Ends.
  public func onCompleted() { receive(.completed) }

  /// Sends a value; Combine's name for ``onNext(_:)``.
  public func send(_ element: Element) { receive(.next(element)) }

  /// Ends, or fails; Combine's names for ``onCompleted()`` and ``onError(_:)``.
  public func send(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: receive(.completed)
    case .failure(let error): receive(.error(error))
    }
  }

  /// A `Single`'s answer: `.success(value)` sends the value and ends; `.failure(error)`
  /// fails.
  public func callAsFunction(_ result: Result<Element, Failure>) {
    switch result {
    case .success(let element):
      receive(.next(element))
      receive(.completed)
    case .failure(let error):
      receive(.error(error))
    }
  }

  /// A `Completable`'s end, `.completed` or `.error(error)`; or any other event.
  public func callAsFunction(_ event: Event<Element, Failure>) { receive(event) }
}

extension AnyPublisher {
  /// A publisher that calls `subscribe` for each subscriber, with an observer to send
  /// to; what `subscribe` returns is cancelled when the subscriber cancels or the
  /// publisher ends. RxSwift's `Observable.create`, `Single.create` and
  /// `Completable.create`, for the services and mocks a port keeps as they were.
  ///
  /// ```swift
  /// let ticks = AnyPublisher<Int, Never>.create { observer in
  ///   observer.onNext(1)
  ///   observer.onNext(2)
  ///   observer.onCompleted()
  ///   return Disposables.create()
  /// }
  /// ```
  ///
  /// Values sent while the subscriber has no demand wait, in order, until it asks.
  public static func create(
    _ subscribe: @escaping (AnyObserver<Output, Failure>) -> any Cancellable
  ) -> AnyPublisher {
    CreatedPublisher(subscribe: subscribe).eraseToAnyPublisher()
  }
}

/// RxSwift's `Disposables`: the cancellable that `create`'s closure returns.
///
/// ```swift
/// return Disposables.create { request.cancel() }
/// ```
public enum Disposables {
  /// A cancellable that does nothing.
  public static func create() -> AnyCancellable { AnyCancellable {} }

  /// A cancellable that calls `dispose` once, when cancelled.
  public static func create(with dispose: @escaping () -> Void) -> AnyCancellable {
    AnyCancellable(dispose)
  }
}

/// The publisher `AnyPublisher.create` makes.
private struct CreatedPublisher<Output, Failure: Error>: Publisher {
  let subscribe: (AnyObserver<Output, Failure>) -> any Cancellable

  func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Output, Downstream.Failure == Failure {
    let subscription = CreatedSubscription(subscriber)
    subscriber.receive(subscription: subscription)
    let cancellable = subscribe(AnyObserver { subscription.on($0) })
    subscription.keep(cancellable)
  }
}

/// Between ``CreatedPublisher``'s closure and its subscriber: delivers in order and never
/// beyond demand (through a ``DemandQueue``), and cancels what the closure returned once
/// the publisher has ended or the subscriber has cancelled.
private final class CreatedSubscription<Downstream: Subscriber>: Subscription,
  @unchecked Sendable
{
  // Unchecked because the closure's cancellable need not be Sendable: it is reached only
  // through `phase`'s lock, and cancelled once that is released; the queue has its own.
  private enum Phase {
    /// The closure has not returned yet; `ended` says whether the publisher already has.
    case subscribing(ended: Bool)
    /// The closure returned its cancellable, and the publisher goes on.
    case running(any Cancellable)
    /// Ended or cancelled, and the closure's cancellable (if it had returned) cancelled.
    case over
  }

  private let phase = Locked(Phase.subscribing(ended: false))
  private let queue: DemandQueue<Downstream>

  init(_ downstream: Downstream) {
    queue = DemandQueue(downstream) { _ in }
  }

  func on(_ event: Event<Downstream.Input, Downstream.Failure>) {
    switch event {
    case .next(let value): queue.send(value)
    case .error(let error): end(.failure(error))
    case .completed: end(.finished)
    }
  }

  /// Keeps what the closure returned, to cancel it at the end; cancels it now if the end
  /// came first.
  func keep(_ cancellable: any Cancellable) {
    let cancelNow: Bool = phase.withLock { phase in
      guard case .subscribing(let ended) = phase else { return true }
      if ended {
        phase = .over
        return true
      }
      phase = .running(cancellable)
      return false
    }
    if cancelNow { cancellable.cancel() }
  }

  func request(_ demand: Subscribers.Demand) { queue.request(demand) }

  func cancel() {
    queue.cancel()
    stop()
  }

  private func end(_ completion: Subscribers.Completion<Downstream.Failure>) {
    // The queue keeps the first end and drops what comes after it.
    queue.complete(completion)
    stop()
  }

  /// Cancels the closure's cancellable, now if it has returned, or as soon as it does.
  private func stop() {
    let cancellable: (any Cancellable)? = phase.withLock { phase in
      switch phase {
      case .subscribing:
        phase = .subscribing(ended: true)
        return nil
      case .running(let cancellable):
        phase = .over
        return cancellable
      case .over:
        return nil
      }
    }
    cancellable?.cancel()
  }
}
