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
/// go of it; its effects are cancelled then. A base class that is not final declares it
/// once, with its own name, and its subclasses share it:
///
/// ```swift
/// class ListReactor<Item>: Reactor {
///   let runtime = ReactorRuntime<ListReactor>()
///   …
/// }
/// final class NameListReactor: ListReactor<String> {}
/// ```
///
/// Everything but the initializer is the library's business.
///
/// How work runs: every action, and every mutation that arrives later, is handled as one
/// *unit of work* on the main actor. An action that comes while a unit runs waits in
/// line (`WorkQueue`). A mutation from an effect or a hook is reduced at once, so that the next
/// one already sees its state (as ReactorKit does), unless it arrives from inside
/// `reduce` or a state observer: that re-entrancy waits its turn too. Synchronous effects
/// (``Effect/none``, ``Effect/just(_:)``, arrays) are interpreted in one place,
/// `interpret`, whichever way the work came in and whether a tester watches or not.
@MainActor
public final class ReactorRuntime<Owner: Reactor> {
  @usableFromInline typealias Action = Owner.Action
  @usableFromInline typealias Mutation = Owner.Mutation
  @usableFromInline typealias State = Owner.State

  @usableFromInline
  enum Work {
    /// An action to give to `mutate` (after `transform(action:)`).
    case action(Action)
    /// An effect to interpret: a mutation from a running effect arrives as `.just`.
    case effect(Effect<Mutation>)
    /// A mutation to reduce (after `transform(mutation:)`).
    case reduce(Mutation)
  }

  // The hot properties skip the dynamic exclusivity check: every access happens on the
  // main actor, and `reduce`, which holds `state` in place, is pure (it receives the
  // state; it must not read `currentState`).
  @usableFromInline @exclusivity(unchecked) var state: State?
  @usableFromInline @exclusivity(unchecked) var isPrepared = false
  @usableFromInline @exclusivity(unchecked) var queue = WorkQueue<Work>()
  /// Set while `reduce` or the state observers run: what arrives then waits its turn.
  @usableFromInline @exclusivity(unchecked) var isDelivering = false
  /// The state as `transform(state:)` last delivered it, when that hook is overridden.
  @usableFromInline var transformedState: State?
  /// The overridden `transform` hooks; `nil` when the reactor keeps the defaults.
  @usableFromInline var hooks: TransformHooks<Action, Mutation, State>?
  @usableFromInline var inbox: MainActorInbox<Action>?
  @usableFromInline var effectStore: EffectStore?
  @usableFromInline var isInDefaultReduce = false
  /// Where ``Reactor/logChanges(_:)`` writes; `nil` (one load on the way) when off.
  @usableFromInline var changeLog: ChangeLog<Action, Mutation, State>?

  // The stub (see ``ReactorStub``).
  @usableFromInline var isStubEnabled = false
  @usableFromInline var stubActions: [Action] = []
  @usableFromInline var stubState: State?

  /// The state observers, in subscription order; only touched on the main actor, so
  /// delivering a state takes no lock.
  @usableFromInline @exclusivity(unchecked) var observers: ContiguousArray<StateObserver<State>> =
    []

  /// Called after each mutation is reduced, with the new state; testing tools watch the
  /// engine through it without changing the way work runs.
  @_spi(Testing) public var didReduce: ((Owner.Mutation, Owner.State) -> Void)? {
    get { reductionWatcher }
    set { reductionWatcher = newValue }
  }
  @usableFromInline var reductionWatcher: ((Mutation, State) -> Void)?
  /// Called when an asynchronous effect finishes or is cancelled.
  @_spi(Testing) public var didEndEffect: (() -> Void)?

  /// Creates an empty runtime; the reactor's `initialState` is read on first use.
  @inlinable
  public nonisolated init() {}

  // MARK: - Gates

  /// Whether an action may go straight to `mutate`: the reactor is prepared, no stub
  /// records actions and no `transform(action:)` hook reshapes them. The one place that
  /// decides; nothing else keeps a flag in step.
  @inlinable
  var takesActionsDirectly: Bool {
    isPrepared && !isStubEnabled && hooks?.actionInput == nil
  }

  // MARK: - State

  /// What `currentState` reads: the stub's state while the stub is on, otherwise the
  /// state after `transform(state:)`.
  @inlinable
  func currentState<R: Reactor>(of reactor: R) -> State
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    prepare(reactor)
    if isStubEnabled, let stubState { return stubState }
    return transformedState ?? state!
  }

  /// Adds an observer and hands it the current state first. Actions it sends from that
  /// first call wait until it has returned.
  @inlinable
  func observe<R: Reactor>(_ reactor: R, _ receive: @escaping (State) -> Void)
    -> StateObserver<State>
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let current = currentState(of: reactor)
    let observer = StateObserver(receive)
    observers.append(observer)
    inUnit(reactor) { deliver { observer.receive?(current) } }
    return observer
  }

  // MARK: - Actions

  /// Handles `action`. Inlined into the app's module, so that for the common reactor
  /// (prepared, no hook, no stub, a synchronous effect) `mutate` and `reduce` are called
  /// directly, without generic indirection, and nothing is queued or allocated.
  @inlinable
  func send<R: Reactor>(_ action: Action, to reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if takesActionsDirectly, queue.begin() {
      if let changeLog { changeLog.handling(action) }
      interpret(reactor.mutate(action: action), reactor)
      if queue.hasWaiting {
        drainAndEnd(reactor)
      } else {
        queue.end()
      }
    } else {
      receive(action, from: reactor)
    }
  }

  /// The road for an action that cannot go straight to `mutate`: it prepares the
  /// reactor, records the action for a stub, hands it to `transform(action:)`, or queues
  /// it behind the unit in progress.
  @usableFromInline
  func receive<R: Reactor>(_ action: Action, from reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    prepare(reactor)
    if isStubEnabled {
      stubActions.append(action)
    } else if let input = hooks?.actionInput {
      input.accept(action)
    } else {
      submit(.action(action), reactor)
    }
  }

  /// The action input's way in, from any thread: values hop to the main actor in order.
  func actionInbox<R: Reactor>(for reactor: R) -> MainActorInbox<Action>
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let inbox { return inbox }
    let created = MainActorInbox<Action> { [weak self, weak reactor] action in
      guard let self, let reactor else { return }
      self.send(action, to: reactor)
    }
    inbox = created
    return created
  }

  // MARK: - Units of work

  /// Runs `work` as a unit now, or queues it behind the unit in progress.
  @usableFromInline
  func submit<R: Reactor>(_ work: Work, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard queue.begin() else {
      queue.push(work)
      return
    }
    perform(work, reactor)
    drainAndEnd(reactor)
  }

  /// Work that an effect or a hook produced. It is done at once, so that the next
  /// mutation already sees this one's state, unless it comes from inside `reduce` or a
  /// state observer: then it waits for the unit in progress.
  @usableFromInline
  func arrive<R: Reactor>(_ work: Work, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if isDelivering {
      queue.push(work)
    } else if queue.isBusy {
      perform(work, reactor)
    } else {
      submit(work, reactor)
    }
  }

  /// Runs `body` as a unit of work, or inside the unit in progress.
  @inlinable
  func inUnit<R: Reactor>(_ reactor: R, _ body: () -> Void)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard queue.begin() else {
      body()
      return
    }
    body()
    if queue.hasWaiting {
      drainAndEnd(reactor)
    } else {
      queue.end()
    }
  }

  /// Runs the work that waited, then ends the unit.
  @usableFromInline
  func drainAndEnd<R: Reactor>(_ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    while let work = queue.next() {
      perform(work, reactor)
    }
    queue.end()
  }

  private func perform<R: Reactor>(_ work: Work, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch work {
    case .action(let action):
      if let changeLog { changeLog.handling(action) }
      interpret(reactor.mutate(action: action), reactor)
    case .effect(let effect): interpret(effect, reactor)
    case .reduce(let mutation): reduce(mutation, reactor)
    }
  }

  // MARK: - Interpreting effects

  /// The one interpreter of effects: synchronous mutations are applied here, in order;
  /// anything else starts running (see `start`).
  @inlinable
  func interpret<R: Reactor>(_ effect: Effect<Mutation>, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch effect.operation {
    case .none:
      break
    case .just(let mutation):
      apply(mutation, reactor)
    case .many(let mutations):
      for mutation in mutations { apply(mutation, reactor) }
    default:
      start(effect, reactor: reactor)
    }
  }

  /// Sends `mutation` through `transform(mutation:)` when the reactor overrides it, or
  /// reduces it.
  @inlinable
  func apply<R: Reactor>(_ mutation: Mutation, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let input = hooks?.mutationInput {
      input.accept(mutation)
    } else {
      reduce(mutation, reactor)
    }
  }

  /// Reduces `mutation` in place and tells the observers (through `transform(state:)`
  /// when the reactor overrides it).
  @inlinable
  func reduce<R: Reactor>(_ mutation: Mutation, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    isDelivering = true
    if let changeLog {
      let before = state!
      reactor.reduce(state: &state!, mutation: mutation)
      changeLog.reduced(mutation, from: before, to: state!)
    } else {
      reactor.reduce(state: &state!, mutation: mutation)
    }
    reductionWatcher?(mutation, state!)
    if let input = hooks?.stateInput {
      input.accept(state!)
    } else {
      tellObservers(state!)
    }
    isDelivering = false
  }

  /// Shows a state that `transform(state:)` delivered.
  @usableFromInline
  func showTransformed<R: Reactor>(_ newState: State, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    transformedState = newState
    inUnit(reactor) { deliver { tellObservers(newState) } }
  }

  /// Runs `body` with re-entrant work held back until the unit's end.
  @inlinable
  func deliver(_ body: () -> Void) {
    let wasDelivering = isDelivering
    isDelivering = true
    body()
    isDelivering = wasDelivering
  }

  @inlinable
  func tellObservers(_ state: State) {
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

  // MARK: - Preparing

  /// Reads the initial state and connects the overridden `transform` hooks, once.
  /// Inlined, so that the hooks are connected by code specialised for the reactor.
  @inlinable
  func prepare<R: Reactor>(_ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard !isPrepared else { return }
    isPrepared = true
    state = reactor.initialState
    connectHooks(of: reactor)
  }

  // MARK: - Stub

  func setStubEnabled<R: Reactor>(_ isEnabled: Bool, reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    prepare(reactor)
    if isEnabled, stubState == nil { stubState = reactor.initialState }
    isStubEnabled = isEnabled
  }

  func setStubState<R: Reactor>(_ newState: State, reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    prepare(reactor)
    stubState = newState
    inUnit(reactor) { deliver { tellObservers(newState) } }
  }

  // MARK: - Effects

  /// The running effects, made when the first asynchronous effect starts.
  var effects: EffectStore {
    if let effectStore { return effectStore }
    let created = EffectStore()
    effectStore = created
    return created
  }

  /// The number of effects still running: publishers that have not finished and `run`
  /// tasks that have not returned. Testing tools use it to find forgotten effects.
  @_spi(Testing) public var runningEffectCount: Int { effectStore?.count ?? 0 }

  /// Cancels every running effect.
  @_spi(Testing) public func cancelAllEffects() {
    effectStore?.cancelAll()
    didEndEffect?()
  }

  // MARK: - A reactor without reduce

  /// Marks the start of the default `reduce`; a second start before the end means that
  /// the two defaults are calling each other because the reactor implements neither.
  @inlinable
  func beginDefaultReduce(of reactor: Any.Type) {
    if isInDefaultReduce { Self.reduceIsMissing(in: reactor) }
    isInDefaultReduce = true
  }

  @inlinable
  func endDefaultReduce() {
    isInDefaultReduce = false
  }

  @usableFromInline
  static func reduceIsMissing(in reactor: Any.Type) -> Never {
    fatalError(
      """
      \(reactor) implements neither form of reduce. Add \
      `func reduce(state: inout State, mutation: Mutation)`, or ReactorKit's \
      `func reduce(state: State, mutation: Mutation) -> State`, and check that its \
      parameter types are the reactor's own State and Mutation.
      """)
  }
}
