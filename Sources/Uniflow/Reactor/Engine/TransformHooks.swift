/// The Combine pipelines of the `transform` hooks a reactor overrides.
///
/// Each hook is called once, when the reactor is first used, with a fresh input. A hook
/// that hands back the very publisher it was given, and did not subscribe to it itself,
/// is the identity on that stream, whether it is the default or an override that
/// forwards: the engine then skips it and builds nothing, so a reactor without hooks sends
/// nothing through Combine. Anything else (a `merge`, a `map`, a forward to another
/// reactor's hook after changing the stream) gets its pipeline. The verdict is per
/// reactor instance, never cached per type, and no global flag is involved.
@MainActor
@usableFromInline
final class TransformHooks<Action, Mutation, State> {
  /// Where actions go when `transform(action:)` is overridden.
  @usableFromInline private(set) var actionInput: PublishRelay<Action>?
  /// Where mutations go when `transform(mutation:)` is overridden.
  @usableFromInline private(set) var mutationInput: PublishRelay<Mutation>?
  /// Where states go when `transform(state:)` is overridden.
  @usableFromInline private(set) var stateInput: PublishRelay<State>?
  private var subscriptions: [AnyCancellable] = []

  /// Calls `reactor`'s three hooks, in ReactorKit's order, and connects the overridden
  /// ones to `engine`; `nil` when none is overridden.
  static func connect<R: Reactor, Owner>(_ reactor: R, to engine: ReactorRuntime<Owner>)
    -> TransformHooks?
  where
    R.Action == Action, R.Mutation == Mutation, R.State == State,
    Owner.Action == Action, Owner.Mutation == Mutation, Owner.State == State
  {
    let hooks = TransformHooks()
    hooks.actionInput = hooks.connect({ reactor.transform(action: $0) }) {
      [weak engine, weak reactor] action in
      guard let engine, let reactor else { return }
      engine.submit(.action(action), reactor)
    }
    hooks.mutationInput = hooks.connect({ reactor.transform(mutation: $0) }) {
      [weak engine, weak reactor] mutation in
      guard let engine, let reactor else { return }
      engine.arrive(.reduce(mutation), reactor)
    }
    hooks.stateInput = hooks.connect({ reactor.transform(state: $0) }) {
      [weak engine, weak reactor] state in
      guard let engine, let reactor else { return }
      engine.showTransformed(state, reactor)
    }
    guard hooks.actionInput != nil || hooks.mutationInput != nil || hooks.stateInput != nil
    else { return nil }
    // As in ReactorKit, the initial state goes through the state hook too.
    if let stateInput = hooks.stateInput, let state = engine.state { stateInput.accept(state) }
    return hooks
  }

  /// Calls `hook` with a fresh input and subscribes `handle` to what it returns. Returns
  /// the input to feed, or `nil` when the hook left its stream as it was.
  private func connect<Value>(
    _ hook: (AnyPublisher<Value, Never>) -> AnyPublisher<Value, Never>,
    handle: @escaping @MainActor (Value) -> Void
  ) -> PublishRelay<Value>? {
    let input = PublishRelay<Value>()
    let given = input.eraseToAnyPublisher()
    let returned = hook(given)
    if returned.isSameErasure(as: given), !input.hasSubscribers { return nil }
    let inbox = MainActorInbox(handler: handle)
    // @Sendable: the hook's publisher may deliver on any thread; the inbox hops.
    subscriptions.append(returned.sink { @Sendable in inbox.send($0) })
    return input
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
