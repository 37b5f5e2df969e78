/// The engine contract written as plainly as possible, to check the real engine against:
/// one queue, the state copied on every change, no fast path, no hooks, no Combine.
///
/// Its rules, each a line of the engine contract (the Reactors in Depth article, "The
/// contract"):
/// - work runs one unit at a time; what is sent during a unit waits in a FIFO queue;
/// - the mutations of a synchronous effect (and of a publisher that emits while it is
///   subscribed) are reduced at once, in order, inside the unit;
/// - an asynchronous effect's mutations arrive later, each as a unit of its own;
/// - every observer is told every reduced state in order, and a new observer is told the
///   state the reactor shows first;
/// - with the stub on, actions are recorded instead of handled;
/// - cancelling an id ends the effects marked with it; a cancelled effect delivers nothing;
/// - the service's global events count from the reactor's first use (as in ReactorKit),
///   whether they come through the reactor's `globalEvents` or a merging mutation hook;
///   through `globalEvents`, each reaches the engine as an effect's mutation does.
///
/// With hooks, one more rule comes from Combine rather than from the engine: the mutation
/// hook merges the service's events, and a merge hands on one value at a time. A mutation
/// that enters the merge while it is handing on another (a mutation emitted from inside the
/// `reduce` or the observers of one that came through it) comes out once that one has
/// been reduced and delivered. It then reaches the engine outside any delivery, so it is
/// reduced at once, ahead of the actions waiting in line.
struct ReferenceReactor {
  struct Observer {
    var echo: (trigger: Int, then: ModelEcho)?
    var hasEchoed = false
    var seen: [[Int]] = []
    var isActive = true
  }

  struct AsyncEffect {
    var mutations: [ModelMutation]
    var id: Int?
    var isPublisher: Bool
    var isLive = true
  }

  enum Work {
    case action(ModelAction)
    case mutation(ModelMutation)
  }

  var state = ModelState()
  var observers: [Observer] = []
  var effects: [AsyncEffect] = []
  var isStubEnabled = false
  var stubState: ModelState?
  var stubActions: [ModelAction] = []
  var queue: [Work] = []
  var isRunning = false
  var isDelivering = false
  /// Whether the merge in the mutation hook is handing on a value, and what waits for it.
  var isMergeBusy = false
  var mergeBacklog: [ModelMutation] = []
  /// Whether the reactor has been used: its hooks and its global events are connected then.
  var isPrepared = false
  let wiring: ModelWiring
  /// Whether the mutation hook merges the service's events (and so every mutation goes
  /// through the merge).
  var mergesServiceEvents: Bool { wiring == .hooks }
  /// Whether the reactor hears the service's events at all.
  var followsService: Bool { wiring != .plain }

  init(wiring: ModelWiring) {
    self.wiring = wiring
  }

  var shownState: ModelState {
    isStubEnabled ? (stubState ?? ModelState()) : state
  }

  mutating func run(_ step: ModelStep) {
    switch step {
    case .send, .observe, .setStub, .setStubState: isPrepared = true
    case .release, .stopObserving, .serviceEvent: break
    }
    switch step {
    case .send(let action):
      send(action)
    case .release(let index):
      guard !effects.isEmpty else { return }
      let index = index % effects.count
      guard effects[index].isLive else { return }
      effects[index].isLive = false
      for mutation in effects[index].mutations { arrive(mutation) }
    case .observe(let echo, _):
      observers.append(Observer(echo: echo))
      let index = observers.count - 1
      isRunning = true
      isDelivering = true
      tell(index, shownState)
      isDelivering = false
      drain()
    case .stopObserving(let index):
      let active = observers.indices.filter { observers[$0].isActive }
      guard !active.isEmpty else { return }
      observers[active[index % active.count]].isActive = false
    case .setStub(let isEnabled):
      if isEnabled, stubState == nil { stubState = ModelState() }
      isStubEnabled = isEnabled
    case .setStubState(let log):
      stubState = ModelState(log: log)
      isRunning = true
      isDelivering = true
      tellEveryone(ModelState(log: log))
      isDelivering = false
      drain()
    case .serviceEvent(let value):
      if followsService, isPrepared { arrive(ModelMutation(value: value)) }
    }
  }

  var outcome: ModelOutcome {
    ModelOutcome(
      seen: observers.map(\.seen), finalState: shownState.log, stubActions: stubActions,
      runningEffects: effects.filter(\.isLive).count)
  }

  // MARK: - Units

  private mutating func send(_ action: ModelAction) {
    if isStubEnabled {
      stubActions.append(action)
    } else {
      unit(.action(action))
    }
  }

  private mutating func unit(_ work: Work) {
    if isRunning {
      queue.append(work)
      return
    }
    isRunning = true
    perform(work)
    drain()
  }

  private mutating func drain() {
    while !queue.isEmpty { perform(queue.removeFirst()) }
    isRunning = false
  }

  private mutating func perform(_ work: Work) {
    switch work {
    case .mutation(let mutation): reduce(mutation)
    case .action(let action): mutate(action)
    }
  }

  private mutating func mutate(_ action: ModelAction) {
    switch action {
    case .none: break
    case .just(let mutation): arrive(mutation)
    case .many(let mutations), .syncPublisher(let mutations):
      for mutation in mutations { arrive(mutation) }
    case .later(let mutations, let id, let cancelInFlight):
      if cancelInFlight, let id { cancel(id) }
      effects.append(AsyncEffect(mutations: mutations, id: id, isPublisher: true))
    case .run(let mutations, let id, let cancelInFlight):
      if cancelInFlight, let id { cancel(id) }
      effects.append(AsyncEffect(mutations: mutations, id: id, isPublisher: false))
    case .cancel(let id):
      cancel(id)
    }
  }

  private mutating func cancel(_ id: Int) {
    for index in effects.indices where effects[index].id == id { effects[index].isLive = false }
  }

  /// A mutation from an effect or from the service, on its way to `reduce`.
  private mutating func arrive(_ mutation: ModelMutation) {
    guard mergesServiceEvents else {
      reach(mutation)
      return
    }
    if isMergeBusy {
      mergeBacklog.append(mutation)
      return
    }
    isMergeBusy = true
    reach(mutation)
    while !mergeBacklog.isEmpty { reach(mergeBacklog.removeFirst()) }
    isMergeBusy = false
  }

  /// A mutation reaches the engine: a unit of its own, reduced at once inside the unit in
  /// progress, or in line while a state is delivered.
  private mutating func reach(_ mutation: ModelMutation) {
    if !isRunning {
      unit(.mutation(mutation))
    } else if isDelivering {
      queue.append(.mutation(mutation))
    } else {
      reduce(mutation)
    }
  }

  private mutating func reduce(_ mutation: ModelMutation) {
    isDelivering = true
    var newState = state
    newState.log.append(mutation.value)
    state = newState
    if let value = mutation.sendsFromReduce { send(.just(ModelMutation(value: value))) }
    tellEveryone(newState)
    isDelivering = false
  }

  private mutating func tellEveryone(_ state: ModelState) {
    for index in observers.indices where observers[index].isActive { tell(index, state) }
  }

  private mutating func tell(_ index: Int, _ state: ModelState) {
    observers[index].seen.append(state.log)
    if let echo = observers[index].echo, !observers[index].hasEchoed,
      state.log.last == echo.trigger
    {
      observers[index].hasEchoed = true
      switch echo.then {
      case .send(let value): send(.just(ModelMutation(value: value)))
      case .serviceEvent(let value):
        if followsService { arrive(ModelMutation(value: value)) }
      case .releaseLatestPublisher:
        guard let latest = effects.lastIndex(where: { $0.isPublisher && $0.isLive }) else { break }
        effects[latest].isLive = false
        for mutation in effects[latest].mutations { arrive(mutation) }
      }
    }
  }
}

/// How the modelled reactor hears the service's events.
enum ModelWiring: CaseIterable, CustomStringConvertible {
  /// Not at all, and no hook is overridden.
  case plain
  /// Through `transform(mutation:)`, which merges them (ReactorKit's way; the action and
  /// state hooks are overridden too).
  case hooks
  /// Through the reactor's `globalEvents`, which the engine follows itself.
  case globalEvents

  var description: String {
    switch self {
    case .plain: "plain"
    case .hooks: "hooks"
    case .globalEvents: "global events"
    }
  }
}
