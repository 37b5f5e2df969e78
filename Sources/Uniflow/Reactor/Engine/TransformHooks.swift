/// The Combine pipelines of the `transform` hooks a reactor overrides.
///
/// Each hook is called once, when the reactor is first used, with a ``HookInput``: a
/// publisher that makes its relay only when someone subscribes. The inputs hold this
/// object, never the runtime, so a hook that keeps its input cannot keep the runtime (and
/// its effects) alive. A hook that hands back the very publisher it was given, and did not
/// subscribe to it itself, is the identity on that stream, whether it is the default or an
/// override that forwards: the engine then skips it and builds nothing, so a reactor
/// without hooks sends nothing through Combine. Anything else (a `merge`, a `map`, a
/// forward to another reactor's hook after changing the stream) gets its pipeline. The
/// verdict is per reactor, never cached per type, and no global flag is involved.
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

  /// Whether any hook is connected.
  @usableFromInline
  var isEmpty: Bool { actionInput == nil && mutationInput == nil && stateInput == nil }

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

  /// Subscribes `handle` to what a hook returned, on the main actor, for as long as the
  /// reactor lives.
  @usableFromInline
  func keep<Value>(
    _ returned: AnyPublisher<Value, Never>, handle: @escaping @MainActor (Value) -> Void
  ) {
    let inbox = MainActorInbox(handler: handle)
    // @Sendable: the hook's publisher may deliver on any thread; the inbox hops.
    subscriptions.append(returned.sink { @Sendable in inbox.send($0) })
  }
}

/// Which `transform` hook a `HookInput` feeds.
@usableFromInline
enum HookKind: Sendable {
  case action, mutation, state
}

extension ReactorRuntime {
  /// Calls the reactor's three hooks, in ReactorKit's order, and connects the overridden
  /// ones; leaves `hooks` `nil` when none is.
  @inlinable
  func connectHooks<R: Reactor>(of reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let hooks = TransformHooks<Action, Mutation, State>()
    self.hooks = hooks
    // Each handler is built, with its weak references, only for a hook that is connected.
    connect({ reactor.transform(action: $0) }, kind: .action) {
      { [weak self, weak reactor] action in
        guard let self, let reactor else { return }
        self.submit(.action(action), reactor)
      }
    }
    connect({ reactor.transform(mutation: $0) }, kind: .mutation) {
      { [weak self, weak reactor] mutation in
        guard let self, let reactor else { return }
        self.arrive(.reduce(mutation), reactor)
      }
    }
    let stateHooked = connect({ reactor.transform(state: $0) }, kind: .state) {
      { [weak self, weak reactor] state in
        guard let self, let reactor else { return }
        self.showTransformed(state, reactor)
      }
    }
    if hooks.isEmpty {
      // No hook: nothing on the way of actions, mutations or states.
      self.hooks = nil
    } else if stateHooked, let state {
      // As in ReactorKit, the initial state goes through the state hook too.
      hooks.stateInput?.accept(state)
    }
  }

  /// Calls `hook` with a ``HookInput``. When the hook left its stream as it was (the same
  /// publisher back, and nobody subscribed to it) nothing more happens and the result is
  /// `false`; otherwise what it returned is subscribed to the handler `makeHandler`
  /// builds, which gets the values on the main actor.
  @inlinable @discardableResult
  func connect<Value>(
    _ hook: (AnyPublisher<Value, Never>) -> AnyPublisher<Value, Never>, kind: HookKind,
    handler makeHandler: () -> @MainActor (Value) -> Void
  ) -> Bool {
    guard let hooks else { return false }
    let given = HookInput<Action, Mutation, State, Value>(hooks: hooks, kind: kind)
      .eraseToAnyPublisher()
    let returned = hook(given)
    if returned.isSameErasure(as: given), !hooks.hasRelay(kind) { return false }
    _ = hooks.relay(kind) as PublishRelay<Value>
    hooks.keep(returned, handle: makeHandler())
    return true
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

extension AnyPublisher {
  /// Whether `self` and `other` are the same type-erased publisher, not merely equal
  /// ones: both wrap the same box.
  ///
  /// `AnyPublisher` (Apple's and OpenCombine's) is a struct holding one reference, its
  /// box; when its layout is anything else the answer is `false`, which only costs a
  /// pipeline that was not needed.
  @usableFromInline
  func isSameErasure(as other: AnyPublisher) -> Bool {
    guard MemoryLayout<AnyPublisher>.size == MemoryLayout<AnyObject>.size else { return false }
    return unsafeBitCast(self, to: AnyObject.self) === unsafeBitCast(other, to: AnyObject.self)
  }
}
