extension ReactorRuntime {
  /// Calls the reactor's three hooks, in ReactorKit's order, and connects the overridden
  /// ones; leaves `hooks` `nil` when none is.
  @inlinable
  func connectHooks(of reactor: some Reactor<Action, Mutation, State>) {
    let type = ObjectIdentifier(Swift.type(of: reactor))
    let knownDefaults = DefaultHooks.kinds(of: type)
    // All three hooks are the defaults: nothing to call and nothing to build.
    if knownDefaults == HookKind.all { return }
    var defaults = knownDefaults
    // Each handler is built, with its weak references, only for a hook that is connected.
    core.engine.hooks.action = connect(
      { reactor.transform(action: $0) }, kind: .action, defaults: &defaults
    ) {
      { [weak self, weak reactor] action in
        guard let self, let reactor else { return }
        if self.core.engine.admit(hookedAction: action) == .startUnit {
          self.perform(action: action, reactor)
          self.drain(reactor)
        }
      }
    }
    core.engine.hooks.mutation = connect(
      { reactor.transform(mutation: $0) }, kind: .mutation, defaults: &defaults
    ) {
      { [weak self, weak reactor] mutation in
        guard let self, let reactor else { return }
        self.reduce(mutation, self.core.engine.admit(hookedMutation: mutation), reactor)
      }
    }
    core.engine.hooks.state = connect(
      { reactor.transform(state: $0) }, kind: .state, defaults: &defaults
    ) {
      { [weak self, weak reactor] state in
        guard let self, let reactor else { return }
        self.core.engine.show(transformed: state)
        self.deliverNow(reactor) { self.observers.tell(state) }
      }
    }
    if defaults != knownDefaults { DefaultHooks.remember(defaults, for: type) }
    if core.engine.hooks == .init() {
      // No hook: nothing on the way of actions, mutations or states.
      hooks = nil
    } else if core.engine.hooks.state, case .ready(let state) = core.stage {
      // As in ReactorKit, the initial state goes through the state hook too.
      hooks?.stateInput?.accept(state)
    }
  }

  /// Calls `hook`, unless `defaults` says it is the library's default, and connects what
  /// it returned. Returns whether the hook is connected.
  ///
  /// A default hook marks the runtime when it runs (see ``Reactor/transform(action:)``),
  /// which adds its kind to `defaults`. An override is subscribed to with a
  /// ``HookSubscriber``: when that subscriber lands on the very input the hook was given,
  /// and the hook did not subscribe to the input itself, the override left its stream as
  /// it was and nothing is kept. Otherwise the subscription stays, handing values to the
  /// handler `makeHandler` builds, on the main actor.
  @inlinable
  func connect<Value>(
    _ hook: (AnyPublisher<Value, Never>) -> AnyPublisher<Value, Never>, kind: HookKind,
    defaults: inout UInt8, handler makeHandler: () -> @MainActor (Value) -> Void
  ) -> Bool {
    if defaults & kind.rawValue != 0 { return false }
    let hooks = self.hooks ?? TransformHooks()
    self.hooks = hooks
    ranDefaultHook = false
    let returned = hook(HookInput(hooks: hooks, kind: kind).eraseToAnyPublisher())
    if ranDefaultHook, !hooks.hasRelay(kind) {
      defaults |= kind.rawValue
      return false
    }
    let subscriber = HookSubscriber<Value>(hooks: hooks, kind: kind)
    subscriber.inputHadSubscribers = hooks.hasRelay(kind)
    returned.subscribe(subscriber)
    if subscriber.isIdentity { return false }
    _ = hooks.relay(kind) as PublishRelay<Value>
    subscriber.start(handling: makeHandler())
    hooks.keep(subscriber)
    return true
  }
}
