/// Where a ``Reactor`` keeps its current state, its state observers, its queue of work and
/// its running effects.
///
/// Declare one per reactor and leave it alone:
///
/// ```swift
/// let runtime = ReactorRuntime<CounterReactor>()
/// ```
///
/// It holds no reference to the reactor, so the reactor is freed as soon as the app lets
/// go of it; its effects are cancelled then.
@MainActor
public final class ReactorRuntime<R: Reactor> {
  enum Work {
    /// An action as sent, before `transform(action:)`.
    case send(R.Action)
    /// An action to give to `mutate`.
    case mutate(R.Action)
    /// A mutation from an effect, before `transform(mutation:)`.
    case mutation(R.Mutation)
    /// A mutation to reduce.
    case reduce(R.Mutation)
  }

  // The hot properties skip the dynamic exclusivity check: every access happens on the
  // main actor, and `reduce`, which holds `state` in place, is pure (it must not read
  // `currentState`; it receives the state).
  @usableFromInline @exclusivity(unchecked) var state: R.State?
  private var transformedState: R.State?
  private var queue: [Work] = []
  private var head = 0
  @usableFromInline @exclusivity(unchecked) var isRunning = false
  /// Whether `send` may take the inlined path: prepared, no transform hook, no stub, no
  /// test hook. Kept up to date by the members that change those.
  @usableFromInline @exclusivity(unchecked) var isFastPathOpen = false
  private var isApplyingMutation = false
  private var hooks: TransformHooks?
  private var inbox: MainActorInbox<R.Action>?
  var stubStorage: ReactorStub<R>? {
    didSet { updateFastPath() }
  }

  /// Called after each mutation is reduced, with the new state; testing tools use it.
  @_spi(Testing) public var onReduce: ((R.Mutation, R.State) -> Void)? {
    didSet { updateFastPath() }
  }

  let effects = EffectStore()
  /// The state observers, in subscription order; only touched on the main actor, so
  /// delivering a state takes no lock.
  @usableFromInline @exclusivity(unchecked) var observers: ContiguousArray<StateObserver<R.State>> =
    []

  /// Creates an empty runtime; the reactor's `initialState` is read on first use.
  public nonisolated init() {}

  /// The number of effects still running: publishers that have not finished and `run`
  /// tasks that have not returned. Testing tools use it to find forgotten effects.
  public var runningEffectCount: Int { effects.count }

  /// Cancels every running effect.
  public func cancelAllEffects() {
    effects.cancelAll()
  }

  // MARK: - State

  func currentState(of reactor: R) -> R.State {
    if let transformedState { return transformedState }
    if let state { return state }
    prepare(reactor)
    return transformedState ?? state!
  }

  /// Adds an observer and hands it the current state first. Actions it sends from that
  /// first call wait until it has returned.
  @usableFromInline
  func observe(_ reactor: R, _ receive: @escaping (R.State) -> Void) -> StateObserver<R.State> {
    prepare(reactor)
    let observer = StateObserver(receive)
    observers.append(observer)
    let current = currentState(of: reactor)
    exclusively(reactor) { observer.receive?(current) }
    return observer
  }

  /// Replaces the state and tells the observers; the stub's way in.
  func setState(_ newState: R.State, reactor: R) {
    prepare(reactor)
    state = newState
    publish()
  }

  // MARK: - Actions

  /// Handles `action`. Inlined into the app's module, so that for the common reactor (no
  /// hook, a synchronous effect) `mutate` and `reduce` are called directly, without
  /// generic indirection, and nothing is queued or allocated.
  @inlinable
  func fastSend(_ action: R.Action, to reactor: R) {
    guard isFastPathOpen, !isRunning else {
      send(action, to: reactor)
      return
    }
    isRunning = true
    let effect = reactor.mutate(action: action)
    switch effect.operation {
    case .none:
      break
    case .just(let mutation):
      reactor.reduce(state: &state!, mutation: mutation)
      tellObservers(state!)
    case .many(let mutations):
      for mutation in mutations {
        reactor.reduce(state: &state!, mutation: mutation)
        tellObservers(state!)
      }
    default:
      startEffect(effect, reactor)
    }
    finishFastPath(reactor)
  }

  @usableFromInline
  func startEffect(_ effect: Effect<R.Mutation>, _ reactor: R) {
    start(effect, reactor: reactor, ids: [], completion: nil)
  }

  /// Runs what the fast path's work queued, then ends the unit of work.
  @usableFromInline
  func finishFastPath(_ reactor: R) {
    drainQueue(reactor)
    isRunning = false
  }

  func updateFastPath() {
    isFastPathOpen =
      state != nil && hooks == nil && onReduce == nil && !(stubStorage?.isEnabled ?? false)
  }

  @usableFromInline
  func send(_ action: R.Action, to reactor: R) {
    prepare(reactor)
    if let stub = stubStorage, stub.isEnabled {
      stub.record(action)
      return
    }
    if let actionInput = hooks?.actionInput {
      actionInput.accept(action)
    } else {
      enqueue(.mutate(action), reactor)
    }
  }

  func actionInbox(for reactor: R) -> MainActorInbox<R.Action> {
    if let inbox { return inbox }
    let created = MainActorInbox<R.Action> { [weak self, weak reactor] action in
      guard let self, let reactor else { return }
      self.send(action, to: reactor)
    }
    inbox = created
    return created
  }

  /// Runs `work` now, or after the work in progress when called from inside it.
  func enqueue(_ work: Work, _ reactor: R) {
    if isRunning {
      queue.append(work)
      return
    }
    isRunning = true
    perform(work, reactor)
    drainQueue(reactor)
    isRunning = false
  }

  /// Runs `body` as one unit of work: what it sends is queued until it returns.
  private func exclusively(_ reactor: R, _ body: () -> Void) {
    if isRunning {
      body()
      return
    }
    isRunning = true
    body()
    drainQueue(reactor)
    isRunning = false
  }

  private func drainQueue(_ reactor: R) {
    while head < queue.count {
      let next = queue[head]
      head += 1
      perform(next, reactor)
    }
    if head > 0 {
      queue.removeAll(keepingCapacity: true)
      head = 0
    }
  }

  private func perform(_ work: Work, _ reactor: R) {
    switch work {
    case .send(let action):
      send(action, to: reactor)
    case .mutate(let action):
      let effect = reactor.mutate(action: action)
      switch effect.operation {
      case .none:
        break
      case .just(let mutation):
        apply(mutation, reactor)
      case .many(let mutations):
        for mutation in mutations { apply(mutation, reactor) }
      default:
        start(effect, reactor: reactor, ids: [], completion: nil)
      }
    case .mutation(let mutation):
      apply(mutation, reactor)
    case .reduce(let mutation):
      reduce(mutation, reactor)
    }
  }

  private func apply(_ mutation: R.Mutation, _ reactor: R) {
    guard let mutationInput = hooks?.mutationInput else {
      reduce(mutation, reactor)
      return
    }
    isApplyingMutation = true
    mutationInput.accept(mutation)
    isApplyingMutation = false
  }

  private func reduce(_ mutation: R.Mutation, _ reactor: R) {
    reactor.reduce(state: &state!, mutation: mutation)
    onReduce?(mutation, state!)
    publish()
  }

  private func publish() {
    if let stateInput = hooks?.stateInput {
      stateInput.accept(state!)
    } else {
      tellObservers(state!)
    }
  }

  @inlinable
  func tellObservers(_ state: R.State) {
    var sawCancelled = false
    for observer in observers {
      if let receive = observer.receive {
        receive(state)
      } else {
        sawCancelled = true
      }
    }
    if sawCancelled {
      dropCancelledObservers()
    }
  }

  @usableFromInline
  func dropCancelledObservers() {
    observers.removeAll { $0.receive == nil }
  }

  // MARK: - Transform hooks

  /// The Combine pipelines of the `transform` hooks a reactor overrides; `nil` members
  /// for hooks left at their default, which cost nothing.
  final class TransformHooks {
    var actionInput: PublishRelay<R.Action>?
    var mutationInput: PublishRelay<R.Mutation>?
    var stateInput: PublishRelay<R.State>?
    var subscriptions: [AnyCancellable] = []
  }

  /// Reads the initial state and subscribes the overridden `transform` hooks, once.
  ///
  /// The first reactor of a type finds out which hooks it overrides by calling them; the
  /// answer is kept per type, so later reactors of that type call only the overridden
  /// hooks and build nothing for the others.
  private func prepare(_ reactor: R) {
    guard state == nil else { return }
    state = reactor.initialState
    let type = ObjectIdentifier(R.self)
    let known = TransformProbe.overriddenHooks[type] ?? .all
    if !known.isEmpty {
      let hooks = TransformHooks()
      if known.contains(.action) { hookAction(reactor, into: hooks) }
      if known.contains(.mutation) { hookMutation(reactor, into: hooks) }
      if known.contains(.state) { hookState(reactor, into: hooks) }
      var found: TransformProbe.Hooks = []
      if hooks.actionInput != nil { found.insert(.action) }
      if hooks.mutationInput != nil { found.insert(.mutation) }
      if hooks.stateInput != nil { found.insert(.state) }
      TransformProbe.overriddenHooks[type] = found
      if !found.isEmpty { self.hooks = hooks }
    }
    updateFastPath()
  }

  private func hookAction(_ reactor: R, into hooks: TransformHooks) {
    let input = PublishRelay<R.Action>()
    guard
      let output = TransformProbe.custom({ reactor.transform(action: input.eraseToAnyPublisher()) })
    else { return }
    hooks.actionInput = input
    let inbox = MainActorInbox<R.Action> { [weak self, weak reactor] action in
      guard let self, let reactor else { return }
      self.enqueue(.mutate(action), reactor)
    }
    // @Sendable: the hook's publisher may deliver on any thread; the inbox hops.
    hooks.subscriptions.append(output.sink { @Sendable in inbox.send($0) })
  }

  private func hookMutation(_ reactor: R, into hooks: TransformHooks) {
    let input = PublishRelay<R.Mutation>()
    guard
      let output = TransformProbe.custom({
        reactor.transform(mutation: input.eraseToAnyPublisher())
      })
    else { return }
    hooks.mutationInput = input
    let inbox = MainActorInbox<R.Mutation> { [weak self, weak reactor] mutation in
      guard let self, let reactor else { return }
      // A mutation that comes straight through the hook is reduced in place of the one
      // being applied; one from elsewhere (a service's event) takes its turn.
      if self.isApplyingMutation {
        self.reduce(mutation, reactor)
      } else {
        self.enqueue(.reduce(mutation), reactor)
      }
    }
    // @Sendable: the hook's publisher may deliver on any thread; the inbox hops.
    hooks.subscriptions.append(output.sink { @Sendable in inbox.send($0) })
  }

  private func hookState(_ reactor: R, into hooks: TransformHooks) {
    let input = PublishRelay<R.State>()
    guard
      let output = TransformProbe.custom({ reactor.transform(state: input.eraseToAnyPublisher()) })
    else { return }
    hooks.stateInput = input
    let inbox = MainActorInbox<R.State> { [weak self] state in
      guard let self else { return }
      self.transformedState = state
      self.tellObservers(state)
    }
    // @Sendable: the hook's publisher may deliver on any thread; the inbox hops.
    hooks.subscriptions.append(output.sink { @Sendable in inbox.send($0) })
    // As in ReactorKit, the initial state goes through the hook too.
    input.accept(state!)
  }
}
