/// A reactor's action input: send from any thread, or subscribe a publisher to it.
/// Actions sent off the main actor are handled on it, in the order they were sent.
///
/// ```swift
/// reactor.action.send(.refresh)
/// pullToRefresh.map { .refresh }.subscribe(reactor.action)
/// ```
public struct ActionInput<Reactor: Uniflow.Reactor>: Subscriber, @unchecked Sendable {
  // Sendable because the inbox is (every mutation behind its lock), the runtime is read
  // through a weak reference only on the main actor, and `combineIdentifier` is immutable.
  public typealias Input = Reactor.Action
  public typealias Failure = Never

  let inbox: MainActorInbox<Reactor.Action>
  /// The reactor's runtime, for `filter(_:)` (a subclass's reactor runs on its parent's).
  /// Weak, as the inbox's is: the runtime goes with its reactor, on the main actor, however
  /// long an action input is kept elsewhere.
  weak let runtime: (any ReceivedActionsSource<Reactor.Action>)?
  public let combineIdentifier = CombineIdentifier()

  /// The actions the reactor receives from the subscription on that `isIncluded` accepts;
  /// ReactorKit's `self.action.filter(…)`, which ends an effect when such an action comes.
  /// Each arrives before `mutate` sees it, so what it ends is what was already running.
  ///
  /// ```swift
  /// .publisher(api.search(query).prefix(untilOutputFrom: action.filter(isUpdateQuery)))
  /// ```
  ///
  /// Subscribe on the main actor, as a reactor's effects are.
  public func filter(_ isIncluded: @escaping @MainActor (Reactor.Action) -> Bool)
    -> AnyPublisher<Reactor.Action, Never>
  {
    // Weak here too: the effect this publisher ends is kept by the runtime.
    return Deferred { [weak runtime] () -> AnyPublisher<Reactor.Action, Never> in
      MainActor.shared.preconditionIsolated(
        "reactor.action.filter(_:) is subscribed to on the main actor, as a reactor's effects are")
      // Written on the main actor, just below, and read after it: nothing else sees it.
      nonisolated(unsafe) var received: AnyPublisher<Reactor.Action, Never>?
      MainActor.assumeIsolated { received = runtime?.actionsAsReceived(where: isIncluded) }
      // A reactor that is gone receives nothing more.
      return received ?? Empty(completeImmediately: false).eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
  }

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

/// What gives `reactor.action.filter(_:)` the actions as a reactor receives them: its
/// runtime.
@MainActor
protocol ReceivedActionsSource<Action>: AnyObject, Sendable {
  associatedtype Action
  /// The actions that `isIncluded` accepts as they arrive, from now on.
  func actionsAsReceived(where isIncluded: @escaping @MainActor (Action) -> Bool)
    -> AnyPublisher<Action, Never>
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
