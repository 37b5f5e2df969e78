/// The Combine pipelines of the `transform` hooks a reactor overrides.
///
/// Each hook is called once, when the reactor is first used, with a ``HookInput``: a
/// publisher that makes its relay only when someone subscribes. The inputs hold this
/// object, never the runtime, so a hook that keeps its input cannot keep the runtime (and
/// its effects) alive. A hook that hands back the very publisher it was given, and did not
/// subscribe to it itself, is the identity on that stream, whether it is the default or an
/// override that forwards. The default says so itself when it runs (and is then never
/// called again for that reactor type); for an override the engine subscribes its own
/// ``HookSubscriber`` to what the hook returned and sees whether it arrives, untouched, at
/// the input (no look at the publisher's memory). Either way it skips the hook and builds
/// nothing, so a reactor without hooks sends nothing through Combine. Anything else (a
/// `merge`, a `map`, a forward to another reactor's hook after changing the stream) gets its
/// pipeline. An override's verdict is per reactor; only the fact that a type's hook is the
/// default, which the type's conformance fixes, is kept per type (``DefaultHooks``).
@MainActor
@usableFromInline
final class TransformHooks<Action, Mutation, State> {
  /// Where actions go when `transform(action:)` is overridden.
  @usableFromInline var actionInput: PublishRelay<Action>?
  /// Where mutations go when `transform(mutation:)` is overridden.
  @usableFromInline var mutationInput: PublishRelay<Mutation>?
  /// Where states go when `transform(state:)` is overridden.
  @usableFromInline var stateInput: PublishRelay<State>?
  private var subscriptions: [AnyCancellable] = []

  @usableFromInline
  init() {}

  /// Whether the hook of `kind` has its relay: someone subscribed to its input.
  @usableFromInline
  func hasRelay(_ kind: HookKind) -> Bool {
    switch kind {
    case .action: actionInput != nil
    case .mutation: mutationInput != nil
    case .state: stateInput != nil
    }
  }

  /// The relay behind the hook of `kind`, made on first use.
  @usableFromInline
  func relay<Value>(_ kind: HookKind) -> PublishRelay<Value> {
    switch kind {
    case .action:
      let relay = actionInput ?? PublishRelay()
      actionInput = relay
      return relay as! PublishRelay<Value>
    case .mutation:
      let relay = mutationInput ?? PublishRelay()
      mutationInput = relay
      return relay as! PublishRelay<Value>
    case .state:
      let relay = stateInput ?? PublishRelay()
      stateInput = relay
      return relay as! PublishRelay<Value>
    }
  }

  /// Keeps the subscription to what a hook returned for as long as the reactor lives.
  @usableFromInline
  func keep(_ subscriber: some Cancellable) {
    subscriptions.append(AnyCancellable(subscriber))
  }
}

/// Which `transform` hook a `HookInput` feeds.
@usableFromInline
enum HookKind: UInt8, Sendable {
  case action = 1, mutation = 2, state = 4

  /// The bits of all three kinds.
  @usableFromInline static let all = action.rawValue | mutation.rawValue | state.rawValue
}

/// The `transform` hooks that each reactor type leaves to the library's defaults.
///
/// Which implementation a type's conformance uses is fixed when the type is compiled, so
/// once a default has run for a type it is known for every reactor of that type, and later
/// reactors skip calling it (and allocate nothing for it). Only that fact about types is
/// kept here, never anything about a reactor.
@MainActor
@usableFromInline
enum DefaultHooks {
  /// Per reactor type, the kinds (``HookKind`` bits) whose hook is the default.
  @usableFromInline static var known: [ObjectIdentifier: UInt8] = [:]
  /// The type asked about last, with its kinds: a list of cells makes many reactors of one
  /// type in a row, and they skip hashing into ``known``.
  @usableFromInline static var last: (type: ObjectIdentifier, kinds: UInt8)?

  /// The kinds known to be the default for `type`; 0 when none is known yet.
  @inlinable
  static func kinds(of type: ObjectIdentifier) -> UInt8 {
    if let last, last.type == type { return last.kinds }
    let kinds = known[type] ?? 0
    last = (type, kinds)
    return kinds
  }

  /// Notes that `kinds` are the defaults for `type`.
  @inlinable
  static func remember(_ kinds: UInt8, for type: ObjectIdentifier) {
    known[type] = kinds
    last = (type, kinds)
  }
}

/// What a `transform` hook receives: the stream of actions, mutations or states. A
/// subscription reaches the hooks' relay for that kind, made when first needed.
@usableFromInline
struct HookInput<Action, Mutation, State, Value>: Publisher {
  @usableFromInline typealias Output = Value
  @usableFromInline typealias Failure = Never

  @usableFromInline let hooks: TransformHooks<Action, Mutation, State>
  @usableFromInline let kind: HookKind

  @usableFromInline
  init(hooks: TransformHooks<Action, Mutation, State>, kind: HookKind) {
    self.hooks = hooks
    self.kind = kind
  }

  @usableFromInline
  func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Value, Downstream.Failure == Never {
    if let own = subscriber as? HookSubscriber<Value>, own.hooks == ObjectIdentifier(hooks),
      own.kind == kind,
      MainActorCheck.isOnMainActor, !own.inputHadSubscribers
    {
      // The engine's own subscriber reached the input untouched, and the hook itself did
      // not subscribe to it: the hook is the identity.
      own.isIdentity = true
      own.receive(subscription: Subscriptions.empty)
      return
    }
    // The engine connects hooks on the main actor; a hook that subscribes from elsewhere
    // (`subscribe(on:)`) is connected after a hop.
    nonisolated(unsafe) let subscriber = subscriber
    let connect: @MainActor @Sendable () -> Void = { [hooks, kind] in
      (hooks.relay(kind) as PublishRelay<Value>).subscribe(subscriber)
    }
    if MainActorCheck.isOnMainActor {
      MainActor.assumeIsolated { connect() }
    } else {
      _Concurrency.Task { @MainActor in connect() }
    }
  }
}
