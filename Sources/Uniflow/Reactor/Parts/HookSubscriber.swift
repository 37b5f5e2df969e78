/// The engine's subscriber to what a `transform` hook returned.
///
/// It is how the engine tells an identity hook from a real one without looking inside
/// the publisher: a hook that hands back the input it was given makes this subscriber
/// land on that ``HookInput`` itself, which then marks it ``isIdentity`` and gives it an
/// empty subscription. Any other pipeline (a `merge`, a `map`, a `receive(on:)`)
/// subscribes something else to the input, and the values it sends reach the handler on
/// the main actor, in order.
@usableFromInline
final class HookSubscriber<Value>: Subscriber, Cancellable, @unchecked Sendable {
  // Sendable because `pending` and `inbox` are read and written with `lock` held
  // (`subscription` is a Sendable holder with a lock of its own); `isIdentity` and `inputHadSubscribers` are set and read on the main actor
  // while the engine connects the hook, before the subscriber is shared with any other
  // thread.
  @usableFromInline typealias Input = Value
  @usableFromInline typealias Failure = Never

  /// The hooks it belongs to, by identity only. The hooks keep this subscriber, so a
  /// reference back would be a cycle: the hooks would never go, and neither would their
  /// subscriptions (to a service's events, say) when the reactor does.
  let hooks: ObjectIdentifier
  let kind: HookKind
  /// Set by the hook's input when this subscriber reached it directly.
  @usableFromInline nonisolated(unsafe) var isIdentity = false
  /// Whether the hook subscribed to its input itself, before this subscriber came; set by
  /// the engine just before it subscribes this one.
  @usableFromInline nonisolated(unsafe) var inputHadSubscribers = false
  private let lock = Lock()
  private var pending: [Value] = []
  private var inbox: MainActorInbox<Value>?
  private let subscription = HeldSubscription()

  @usableFromInline
  init(hooks: AnyObject, kind: HookKind) {
    self.hooks = ObjectIdentifier(hooks)
    self.kind = kind
  }

  /// Hands the values, from now on and those that came during the subscription, to
  /// `handle` on the main actor.
  @usableFromInline
  func start(handling handle: @escaping @MainActor (Value) -> Void) {
    let inbox = MainActorInbox(handler: handle)
    let early = lock.withLock {
      self.inbox = inbox
      defer { pending = [] }
      return pending
    }
    for value in early { inbox.send(value) }
  }

  @usableFromInline
  func receive(subscription: any Subscription) {
    self.subscription.keep(subscription)
  }

  @usableFromInline
  func receive(_ input: Value) -> Subscribers.Demand {
    lock.lock()
    guard let target = inbox else {
      pending.append(input)
      lock.unlock()
      return .none
    }
    lock.unlock()
    target.send(input)
    return .none
  }

  /// A hook's stream that finishes leaves the reactor running, without it.
  @usableFromInline
  func receive(completion: Subscribers.Completion<Never>) {}

  @usableFromInline
  func cancel() {
    lock.withLock { inbox = nil }
    subscription.cancel()
  }
}

/// The engine's subscriber to a reactor's ``Reactor/globalEvents``: each value goes to the
/// main actor through `inbox`, in order. Lighter than a `sink`: unlimited demand, no
/// completion handling (a finished publisher leaves the reactor running without it).
@usableFromInline
final class EventSubscriber<Value>: Subscriber, Cancellable, @unchecked Sendable {
  // Sendable because it has no mutable state of its own: `inbox` and `subscription` are
  // Sendable, each with every mutation behind its own lock.
  @usableFromInline typealias Input = Value
  @usableFromInline typealias Failure = Never

  @usableFromInline let inbox: MainActorInbox<Value>
  private let subscription = HeldSubscription()

  @usableFromInline
  init(inbox: MainActorInbox<Value>) {
    self.inbox = inbox
  }

  @usableFromInline
  func receive(subscription: any Subscription) {
    self.subscription.keep(subscription)
  }

  @inlinable
  func receive(_ input: Value) -> Subscribers.Demand {
    inbox.send(input)
    return .none
  }

  @usableFromInline
  func receive(completion: Subscribers.Completion<Never>) {}

  @usableFromInline
  func cancel() {
    subscription.cancel()
  }
}
