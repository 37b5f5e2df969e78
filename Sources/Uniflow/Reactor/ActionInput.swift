/// A reactor's action input: send from any thread, or subscribe a publisher to it.
/// Actions sent off the main actor are handled on it, in the order they were sent.
///
/// ```swift
/// reactor.action.send(.refresh)
/// pullToRefresh.map { .refresh }.subscribe(reactor.action)
/// ```
public struct ActionInput<R: Reactor>: Subscriber, @unchecked Sendable {
  // Sendable because the inbox is (every mutation behind its lock) and
  // `combineIdentifier` is immutable.
  public typealias Input = R.Action
  public typealias Failure = Never

  let inbox: MainActorInbox<R.Action>
  public let combineIdentifier = CombineIdentifier()

  /// Sends `action` to the reactor.
  public func send(_ action: R.Action) {
    inbox.send(action)
  }

  /// ReactorKit's spelling of ``send(_:)``.
  public func onNext(_ action: R.Action) {
    inbox.send(action)
  }

  public func receive(subscription: any Subscription) {
    subscription.request(.unlimited)
  }

  public func receive(_ input: R.Action) -> Subscribers.Demand {
    inbox.send(input)
    return .none
  }

  /// A finished publisher leaves the reactor running.
  public func receive(completion: Subscribers.Completion<Never>) {}
}

extension Publisher where Failure == Never {
  /// Sends every value of this publisher to a reactor and returns the subscription.
  ///
  /// ```swift
  /// refreshTaps.map { .refresh }.bind(to: reactor.action).store(in: bag)
  /// ```
  public func bind<R: Reactor>(to action: ActionInput<R>) -> AnyCancellable
  where R.Action == Output {
    sink { action.send($0) }
  }
}
