/// The Combine pipelines of the `transform` hooks a reactor overrides.
///
/// Each hook is called once, when the reactor is first used, with a ``HookInput``: a
/// publisher that costs one small allocation and makes its relay only when someone
/// subscribes. A hook that hands back the very publisher it was given, and did not
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

  /// Whether any hook is connected.
  var isEmpty: Bool { actionInput == nil && mutationInput == nil && stateInput == nil }

  /// Keeps the subscription to a hook's output for as long as the reactor lives.
  func keep(_ subscription: AnyCancellable) {
    subscriptions.append(subscription)
  }
}

/// Which `transform` hook a ``HookInput`` feeds.
enum HookKind {
  case action, mutation, state
}

extension ReactorRuntime {
  /// Calls the reactor's three hooks, in ReactorKit's order, and connects the overridden
  /// ones; leaves ``hooks`` `nil` when none is.
  func connectHooks<R: Reactor>(of reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let output = call({ reactor.transform(action: $0) }, kind: .action) {
      let handle = MainActorInbox<Action> { [weak self, weak reactor] action in
        guard let self, let reactor else { return }
        self.submit(.action(action), reactor)
      }
      // @Sendable: the hook's publisher may deliver on any thread; the inbox hops.
      hooks?.keep(output.sink { @Sendable in handle.send($0) })
    }
    if let output = call({ reactor.transform(mutation: $0) }, kind: .mutation) {
      let handle = MainActorInbox<Mutation> { [weak self, weak reactor] mutation in
        guard let self, let reactor else { return }
        self.arrive(.reduce(mutation), reactor)
      }
      // @Sendable: the hook's publisher may deliver on any thread; the inbox hops.
      hooks?.keep(output.sink { @Sendable in handle.send($0) })
    }
    if let output = call({ reactor.transform(state: $0) }, kind: .state) {
      let handle = MainActorInbox<State> { [weak self, weak reactor] state in
        guard let self, let reactor else { return }
        self.showTransformed(state, reactor)
      }
      // @Sendable: the hook's publisher may deliver on any thread; the inbox hops.
      hooks?.keep(output.sink { @Sendable in handle.send($0) })
      // As in ReactorKit, the initial state goes through the state hook too.
      if let state { hooks?.stateInput?.accept(state) }
    }
  }

  /// Calls `hook` with a ``HookInput``. Returns what the hook returned, or `nil` when it
  /// left its stream as it was (the same publisher back, and nobody subscribed to it).
  private func call<Value>(
    _ hook: (AnyPublisher<Value, Never>) -> AnyPublisher<Value, Never>, kind: HookKind
  ) -> AnyPublisher<Value, Never>? {
    let given = HookInput<Owner, Value>(runtime: self, kind: kind).eraseToAnyPublisher()
    let returned = hook(given)
    if returned.isSameErasure(as: given), !hasHookRelay(kind) { return nil }
    _ = hookRelay(kind) as PublishRelay<Value>
    return returned
  }

  private func hasHookRelay(_ kind: HookKind) -> Bool {
    switch kind {
    case .action: hooks?.actionInput != nil
    case .mutation: hooks?.mutationInput != nil
    case .state: hooks?.stateInput != nil
    }
  }

  /// The relay behind the hook of `kind`, made on first use.
  func hookRelay<Value>(_ kind: HookKind) -> PublishRelay<Value> {
    let hooks = self.hooks ?? TransformHooks()
    self.hooks = hooks
    switch kind {
    case .action:
      let relay = hooks.actionInput ?? PublishRelay()
      hooks.actionInput = relay
      return relay as! PublishRelay<Value>
    case .mutation:
      let relay = hooks.mutationInput ?? PublishRelay()
      hooks.mutationInput = relay
      return relay as! PublishRelay<Value>
    case .state:
      let relay = hooks.stateInput ?? PublishRelay()
      hooks.stateInput = relay
      return relay as! PublishRelay<Value>
    }
  }
}

/// What a `transform` hook receives: the stream of actions, mutations or states. A
/// subscription reaches the reactor's relay for that hook, made when first needed.
struct HookInput<Owner: Reactor, Value>: Publisher {
  typealias Output = Value
  typealias Failure = Never

  weak var runtime: ReactorRuntime<Owner>?
  let kind: HookKind

  func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Value, Downstream.Failure == Never {
    // The engine connects hooks on the main actor; a hook that subscribes from elsewhere
    // (`subscribe(on:)`) is connected after a hop.
    nonisolated(unsafe) let subscriber = subscriber
    let connect: @MainActor @Sendable () -> Void = { [runtime] in
      guard let runtime else {
        Empty<Value, Never>().subscribe(subscriber)
        return
      }
      (runtime.hookRelay(kind) as PublishRelay<Value>).subscribe(subscriber)
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
  func isSameErasure(as other: AnyPublisher) -> Bool {
    guard MemoryLayout<AnyPublisher>.size == MemoryLayout<AnyObject>.size else { return false }
    return unsafeBitCast(self, to: AnyObject.self) === unsafeBitCast(other, to: AnyObject.self)
  }
}
