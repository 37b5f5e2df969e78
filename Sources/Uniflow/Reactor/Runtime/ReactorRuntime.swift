/// Where a ``Reactor`` keeps its current state, its state observers and its running
/// effects. Declare one per reactor and leave it alone:
///
/// ```swift
/// let runtime = ReactorRuntime<CounterReactor>()
/// ```
///
/// It holds no reference to the reactor, so the reactor (and its effects) end when the app
/// lets go of it. A base class that is not final declares it once, for its subclasses:
///
/// ```swift
/// class ListReactor<Item>: Reactor {
///   let runtime = ReactorRuntime<ListReactor>()
///   …
/// }
/// final class NameListReactor: ListReactor<String> {}
/// ```
///
/// The rest is the library's business: the runtime does what a `ReactorEngine` decides,
/// calling `mutate` and `reduce`, feeding hooks, telling observers, starting effects.
@MainActor
public final class ReactorRuntime<Owner: Reactor> {
  @usableFromInline typealias Action = Owner.Action
  @usableFromInline typealias Mutation = Owner.Mutation
  @usableFromInline typealias State = Owner.State

  // The properties skip the dynamic exclusivity check: every access happens on the main
  // actor, and while `reduce` holds the state, `stage` says so (``Stage/reducing``).
  /// The engine and the stage, in one field: its types depend on the reactor's, so the
  /// runtime's release (code not specialised for them) looks up each such field's metadata,
  /// a tenth of a reactor's life a field.
  @usableFromInline @exclusivity(unchecked) var core = Core()
  @usableFromInline @exclusivity(unchecked) var observers = StateObservers<State>()
  /// The connected `transform` hooks; `nil` when the reactor overrides none.
  @usableFromInline @exclusivity(unchecked) var hooks: TransformHooks<Action, Mutation, State>?
  /// Set by a default `transform` hook when it runs (see `connectHooks`).
  @usableFromInline @exclusivity(unchecked) var ranDefaultHook = false
  /// The way in of ``Reactor/action`` from any thread; made by the first read of `action`,
  /// on whatever thread, so it is only read and written with ``inboxCreation`` held.
  nonisolated(unsafe) var inbox: MainActorInbox<Action>?
  @usableFromInline @exclusivity(unchecked) var effectStore: EffectStore?
  /// The subscription to ``Reactor/globalEvents``; `nil` for a reactor that follows none.
  @usableFromInline @exclusivity(unchecked) var globalEvents: AnyCancellable?
  /// Where ``Reactor/logChanges(_:)`` writes; `nil` (one load on the way) when off.
  @usableFromInline @exclusivity(unchecked) var changeLog: ChangeLog<Action, Mutation, State>?
  /// Where ``Reactor/record(into:redacting:)`` writes; `nil` (one load per action and
  /// per mutation) when off.
  @usableFromInline @exclusivity(unchecked) var recording: SessionTap<Action, Mutation, State>?
  /// The actions as they arrive, for `reactor.action.filter(…)`; `nil` until something
  /// subscribes, and then actions take the hook's road (``passOn(hookedAction:_:)``), so
  /// that the common reactor pays nothing for it.
  @usableFromInline @exclusivity(unchecked) var receivedActions: PassthroughSubject<Action, Never>?
  /// What the testing tools watch (see `ReactorRuntime+Testing.swift`).
  @usableFromInline @exclusivity(unchecked) var watchers = RuntimeWatchers<Mutation, State>()

  /// What decides where work goes, and what holds the state.
  @usableFromInline struct Core {
    @usableFromInline var engine = ReactorEngine<Action, Mutation, State>()
    /// Not yet used, or holding the state as `reduce` left it (see ``Stage``).
    @usableFromInline var stage = Stage.unprepared

    @usableFromInline nonisolated init() {}
  }

  /// What the runtime holds of the state. A reactor's `initialState` is read on its first
  /// use, not when the runtime is made (the reactor is not yet whole then): so the runtime
  /// starts with none. While `reduce` runs, the state is out of the runtime, in `reduce`'s
  /// hands, so that `reduce` changes it in place and never a copy.
  @usableFromInline enum Stage {
    /// Before the reactor's first use.
    case unprepared
    /// The state as `reduce` left it.
    case ready(State)
    /// `reduce` is changing the state.
    case reducing
  }

  /// Creates an empty runtime; the reactor's `initialState` is read on first use.
  @inlinable public nonisolated init() {}

  /// Reads the initial state and connects the overridden `transform` hooks, once.
  @inlinable
  func prepare(_ reactor: some Reactor<Action, Mutation, State>) {
    guard case .unprepared = core.stage else { return }
    core.stage = .ready(reactor.initialState)
    connectHooks(of: reactor)
    if let events = reactor.globalEvents { follow(events, of: reactor) }
  }

  /// Reduces each of `events` as it arrives, on the main actor, in order; the reactor's own
  /// mutations do not go this way. Inlinable, so that the handler is specialised for the
  /// app's reactor: unspecialised, each event spent most of its time looking up generic
  /// metadata.
  @inlinable
  func follow(
    _ events: AnyPublisher<Mutation, Never>, of reactor: some Reactor<Action, Mutation, State>
  ) {
    let inbox = MainActorInbox<Mutation> { [weak self, weak reactor] mutation in
      guard let self, let reactor else { return }
      self.apply(mutation, reactor)
    }
    let subscriber = EventSubscriber(inbox: inbox)
    events.subscribe(subscriber)
    globalEvents = AnyCancellable(subscriber)
  }

  /// What `currentState` reads.
  @inlinable func currentState(of reactor: some Reactor<Action, Mutation, State>) -> State {
    prepare(reactor)
    return core.engine.visibleState(reduced: state)
  }

  /// The state as `reduce` left it. Every way in prepares the runtime before it reads this.
  @inlinable var state: State {
    guard case .ready(let state) = core.stage else { misused(core.stage) }
    return state
  }

  /// Stops the app where the state was read with none to read: from inside `reduce` (a
  /// reactor's own mistake), or before the runtime was prepared (the library's).
  @usableFromInline @inline(never)
  func misused(_ stage: Stage) -> Never {
    if case .reducing = stage {
      preconditionFailure(
        "\(Owner.self)'s state was read while its `reduce` was changing it: inside `reduce`, "
          + "read the `state` it is given, not `currentState`")
    }
    preconditionFailure("Uniflow: \(Owner.self)'s runtime was used before it was prepared")
  }

  // MARK: - Actions and mutations in

  /// Handles `action`: for the common reactor (no hook, no stub, a synchronous effect)
  /// `mutate` and `reduce` are called directly, and nothing is queued or allocated.
  @inlinable
  func send(_ action: Action, to reactor: some Reactor<Action, Mutation, State>) {
    prepare(reactor)
    switch core.engine.route(action: action) {
    case .admitted(.startUnit):
      perform(action: action, reactor)
      drain(reactor)
    case .toHook: passOn(hookedAction: action, reactor)
    // An action never runs inside another unit: the engine never says `.performNow`.
    case .admitted(.performNow), .admitted(.queued), .recordedByStub: break
    }
  }

  /// An action on its way to the `transform(action:)` hook, or to `reactor.action.filter(…)`'s
  /// subscribers, which take the hook's road so that the common reactor's road stays as it
  /// is: the subscribers see it first, before `mutate` does, so that what it ends is what was
  /// running, not what it starts; then the hook, or, with none, the action goes on as one
  /// that came out of it. Never inlined, so that `send` stays as small as without it.
  @inlinable @inline(never)
  func passOn(hookedAction action: Action, _ reactor: some Reactor<Action, Mutation, State>) {
    if let receivedActions { receivedActions.send(action) }
    if let input = hooks?.actionInput {
      input.accept(action)
    } else if core.engine.admit(hookedAction: action) == .startUnit {
      perform(action: action, reactor)
      drain(reactor)
    }
  }

  /// Handles a mutation from an effect: reduced now, or queued while a state is delivered.
  @inlinable
  func apply(_ mutation: Mutation, _ reactor: some Reactor<Action, Mutation, State>) {
    switch core.engine.route(mutation: mutation) {
    case .admitted(let admission): reduce(mutation, admission, reactor)
    case .toHook: hooks?.mutationInput?.accept(mutation)
    case .recordedByStub: break
    }
  }

  // MARK: - Doing the work

  @inlinable
  func perform(action: Action, _ reactor: some Reactor<Action, Mutation, State>) {
    if let changeLog { changeLog.handling(action) }
    if let recording {
      performRecorded(action, into: recording, reactor)
      return
    }
    interpret(reactor.mutate(action: action), reactor)
  }

  /// Synchronous effects are applied here, in order; anything else starts running.
  @inlinable
  func interpret(_ effect: Effect<Mutation>, _ reactor: some Reactor<Action, Mutation, State>) {
    switch effect.operation {
    case .none: break
    case .just(let mutation): apply(mutation, reactor)
    case .many(let mutations): for mutation in mutations { apply(mutation, reactor) }
    default:
      if watchers.sendNumber == 0 {
        start(effect, reactor: reactor)
      } else {
        start(effect, reactor: reactor, ids: [EffectsOfSend(number: watchers.sendNumber)])
      }
    }
  }

  /// Reduces `mutation` in place, as `admission` says, and tells the observers (through
  /// `transform(state:)` when it is connected).
  @inlinable
  func reduce(
    _ mutation: Mutation, _ admission: ReactorEngine<Action, Mutation, State>.Admission,
    _ reactor: some Reactor<Action, Mutation, State>
  ) {
    if admission == .queued { return }
    core.engine.beginDelivery()
    // The state is taken out for `reduce`, so that nothing else holds it while it changes.
    guard case .ready(var state) = core.stage else { misused(core.stage) }
    core.stage = .reducing
    if let changeLog {
      let before = state
      reactor.reduce(state: &state, mutation: mutation)
      changeLog.reduced(mutation, from: before, to: state)
    } else {
      reactor.reduce(state: &state, mutation: mutation)
    }
    core.stage = .ready(state)
    watchers.didReduce?(mutation, state)
    if let recording { recording.reduced(mutation, to: state) }
    if let input = hooks?.stateInput { input.accept(state) } else { observers.tell(state) }
    core.engine.endDelivery()
    if admission == .startUnit { drain(reactor) }
  }

  /// Does the work that waited, until the engine ends the unit.
  @inlinable func drain(_ reactor: some Reactor<Action, Mutation, State>) {
    while let work = core.engine.next() {
      switch work {
      case .action(let action): perform(action: action, reactor)
      case .mutation(let mutation): reduce(mutation, .performNow, reactor)
      }
    }
  }

  /// Runs `body`, which delivers a state, now; what it sends waits until it returns.
  @inlinable
  func deliverNow(_ reactor: some Reactor<Action, Mutation, State>, _ body: () -> Void) {
    let startsUnit = core.engine.beginInlineDelivery()
    body()
    core.engine.endDelivery()
    if startsUnit { drain(reactor) }
  }
}
