/// A reactor's action input: send from any thread, or subscribe a publisher to it.
/// Actions sent off the main actor are handled on it, in the order they were sent.
///
/// ```swift
/// reactor.action.send(.refresh)
/// pullToRefresh.map { .refresh }.subscribe(reactor.action)
/// ```
public struct ActionInput<Reactor: Uniflow.Reactor>: Subscriber, @unchecked Sendable {
  // Sendable because the inbox is (every mutation behind its lock) and
  // `combineIdentifier` is immutable.
  public typealias Input = Reactor.Action
  public typealias Failure = Never

  let inbox: MainActorInbox<Reactor.Action>
  public let combineIdentifier = CombineIdentifier()

  /// Sends `action` to the reactor.
  public func send(_ action: Reactor.Action) {
    inbox.send(action)
  }

  public func receive(subscription: any Subscription) {
    subscription.request(.unlimited)
  }

  public func receive(_ input: Reactor.Action) -> Subscribers.Demand {
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
  public func bind<Reactor: Uniflow.Reactor>(to action: ActionInput<Reactor>) -> AnyCancellable
  where Reactor.Action == Output {
    sink { action.send($0) }
  }
}

/// A weak reference to an object that lives on the main actor, to carry across threads
/// and read only there.
final class MainActorReference<Object: AnyObject>: @unchecked Sendable {
  // Sendable because its one property never changes after init, and the object is only
  // read through `object`, on the main actor.
  private weak let stored: Object?

  init(_ object: Object) { stored = object }

  /// The object, while it lives.
  @MainActor var object: Object? { stored }
}
