/// The rules of a reactor's engine as a pure value: it takes events (an action, a
/// mutation, an output of a `transform` hook, a state to show) and answers what to do
/// with each. It holds no reactor, no Combine, no task and no lock, so every ordering rule
/// of the engine contract can be tested with plain values on any thread.
///
/// ``ReactorRuntime`` owns one and does what it says: it calls `mutate` and `reduce`,
/// feeds hooks, tells observers and starts effects.
///
/// The rules:
/// - Work runs in *units*, one at a time. Whoever brings work while no unit runs starts
///   one (``Admission/startUnit``) and, once its work is done, takes the waiting work
///   with ``next()`` until it returns `nil`, which ends the unit.
/// - An action that comes during a unit waits in line (FIFO): actions are never nested.
/// - A mutation (from an effect, or out of the mutation hook) is reduced at once inside
///   the unit in progress (``Admission/performNow``), so the next mutation sees its
///   state, unless it comes while a state is being delivered (inside `reduce` or a state
///   observer): then it waits in line too. No delivery is ever re-entered.
/// - With the stub on, actions are recorded and nothing else happens; the stub's state is
///   what the reactor shows.
/// - With the action or mutation hook connected, actions or mutations go to the hook; what
///   the hook hands back is admitted like any other work.
///
/// ```swift
/// var engine = ReactorEngine<Int, Int, Int>()
/// engine.route(action: 1)          // .admitted(.startUnit): run it now
/// engine.route(action: 2)          // .admitted(.queued): it waits
/// engine.next()                    // .action(2)
/// engine.next()                    // nil: the unit is over
/// ```
@usableFromInline
struct ReactorEngine<Action, Mutation, State> {
  /// Work that waits for the unit in progress.
  @usableFromInline
  enum Work {
    /// An action for `mutate` (it already went past the stub and the action hook).
    case action(Action)
    /// A mutation to reduce (it already went past the mutation hook).
    case mutation(Mutation)
  }

  /// What to do with work just brought in.
  @usableFromInline
  enum Admission: Equatable {
    /// Nothing ran: do it now as a new unit, then drain with ``next()``.
    case startUnit
    /// Do it now, inside the unit in progress.
    case performNow
    /// The engine keeps it; the unit in progress will hand it out.
    case queued
  }

  /// Where an action or a mutation goes.
  @usableFromInline
  enum Route: Equatable {
    /// To the work of the reactor, as the admission says.
    case admitted(Admission)
    /// To the relay of the `transform` hook for its kind.
    case toHook
    /// Kept by the stub.
    case recordedByStub
  }

  /// Which `transform` hooks are connected.
  @usableFromInline
  struct Hooks: Equatable {
    @usableFromInline var action: Bool
    @usableFromInline var mutation: Bool
    @usableFromInline var state: Bool

    @usableFromInline
    init(action: Bool = false, mutation: Bool = false, state: Bool = false) {
      self.action = action
      self.mutation = mutation
      self.state = state
    }
  }

  /// Where the engine is, as one number, so that no impossible combination can be written
  /// down: a delivery happens only inside a unit, and deliveries nest (the current state to
  /// an observer that subscribes from inside an observer).
  @usableFromInline
  struct Phase: Equatable {
    /// 0: no unit runs, and the next work starts one. 1: a unit runs, and a mutation is
    /// reduced at once. `n` over 1: a unit runs and `n - 1` nested deliveries of a state
    /// are under way (`reduce` or the observers), so what arrives waits in line.
    @usableFromInline private(set) var level: Int

    @inlinable init(level: Int) { self.level = level }

    /// No unit runs.
    @inlinable static var idle: Phase { Phase(level: 0) }
    /// A unit runs, and no state is being delivered.
    @inlinable static var running: Phase { Phase(level: 1) }

    // The arithmetic wraps rather than traps: a level counts nested calls, so it can neither
    // reach `Int.max` nor go below 1 while a delivery is open, and the checks would cost
    // every action (the instruction gate's counter).

    /// A delivery starts: inside the unit in progress, or as the first work of a new one.
    @inlinable mutating func enterDelivery() { level &+= level == 0 ? 2 : 1 }
    /// The innermost delivery ends; the unit, or the delivery around it, runs on.
    @inlinable mutating func leaveDelivery() { level &-= 1 }
  }

  @usableFromInline private(set) var phase = Phase.idle
  @usableFromInline var hooks = Hooks()

  /// Whether a unit of work is running.
  @inlinable var isRunning: Bool { phase.level != 0 }
  /// Whether a state is being reduced or delivered: what arrives then waits in line.
  @inlinable var isDelivering: Bool { phase.level > 1 }

  /// The stub: off, or on and showing a state. Off, it remembers the state it showed, which
  /// it shows again when turned back on.
  @usableFromInline
  enum Stub {
    /// Actions go to the reactor; `shown` is what the stub showed when it was last on.
    case off(shown: State?)
    /// Actions are recorded, and the reactor shows `showing`.
    case on(showing: State)
  }

  @usableFromInline private(set) var stub = Stub.off(shown: nil)
  /// The actions the stub recorded, oldest first.
  private(set) var stubActions: [Action] = []
  /// The state the state hook delivered last; `nil` while it has delivered none.
  @usableFromInline private(set) var transformedState: State?

  @usableFromInline var waiting: [Work] = []
  @usableFromInline var head = 0

  @usableFromInline
  init() {}

  // MARK: - Events

  /// An action sent to the reactor.
  @inlinable
  mutating func route(action: Action) -> Route {
    if case .on = stub {
      recordStubAction(action)
      return .recordedByStub
    }
    if hooks.action { return .toHook }
    return .admitted(admit(.action(action), arriving: false))
  }

  /// An action that came out of the `transform(action:)` hook.
  @inlinable
  mutating func admit(hookedAction action: Action) -> Admission {
    admit(.action(action), arriving: false)
  }

  /// A mutation from an effect, synchronous or not.
  @inlinable
  mutating func route(mutation: Mutation) -> Route {
    if hooks.mutation { return .toHook }
    return .admitted(admit(.mutation(mutation), arriving: true))
  }

  /// A mutation that came out of the `transform(mutation:)` hook.
  @inlinable
  mutating func admit(hookedMutation mutation: Mutation) -> Admission {
    admit(.mutation(mutation), arriving: true)
  }

  /// A state that came out of the `transform(state:)` hook: it becomes what the reactor
  /// shows. Deliver it with ``beginInlineDelivery()``.
  @usableFromInline
  mutating func show(transformed state: State) {
    transformedState = state
  }

  /// Whether the stub is on.
  @inlinable
  var isStubEnabled: Bool {
    if case .on = stub { return true }
    return false
  }

  /// Turns the stub on or off. Turned on, it shows the state it showed before, or `initial`
  /// the first time, until a state is set.
  mutating func setStubEnabled(_ isEnabled: Bool, initial: @autoclosure () -> State) {
    switch (stub, isEnabled) {
    case (.off(let shown), true): stub = .on(showing: shown ?? initial())
    case (.on(let showing), false): stub = .off(shown: showing)
    case (.off, false), (.on, true): break
    }
  }

  /// The test set the stub's state, shown now if the stub is on and once it is turned on if
  /// not. Deliver it with ``beginInlineDelivery()``.
  mutating func setStubState(_ state: State) {
    switch stub {
    case .off: stub = .off(shown: state)
    case .on: stub = .on(showing: state)
    }
  }

  /// What the reactor shows when its reduced state is `reduced`: the stub's state while
  /// the stub is on, else the state hook's last output, else `reduced` itself.
  @inlinable
  func visibleState(reduced: State) -> State {
    if case .on(let showing) = stub { return showing }
    return transformedState ?? reduced
  }

  // MARK: - Units and deliveries

  /// The next waiting work, oldest first; `nil` when nothing waits, which ends the unit.
  @inlinable
  mutating func next() -> Work? {
    if head < waiting.count { return takeWaiting() }
    endUnit()
    return nil
  }

  /// Starts delivering a state (`reduce` and the observers), inside the unit in progress;
  /// deliveries nest, and each ends with ``endDelivery()``.
  @inlinable
  mutating func beginDelivery() {
    phase.enterDelivery()
  }

  /// Ends the innermost delivery: the unit runs on, or the outer delivery does.
  @inlinable
  mutating func endDelivery() {
    phase.leaveDelivery()
  }

  /// Starts a delivery that cannot wait (the current state to a new observer, a stub
  /// state, a transformed state): it runs now, inside the unit in progress or as a unit
  /// of its own. Returns whether it started a unit, which the caller then drains; end it
  /// with ``endDelivery()``.
  @inlinable
  mutating func beginInlineDelivery() -> Bool {
    let startsUnit = !isRunning
    beginDelivery()
    return startsUnit
  }

  // MARK: - Private

  @inlinable
  mutating func admit(_ work: Work, arriving: Bool) -> Admission {
    switch phase.level {
    case 0:
      phase = .running
      return .startUnit
    case 1 where arriving:
      return .performNow
    default:
      waiting.append(work)
      return .queued
    }
  }

  @usableFromInline
  mutating func recordStubAction(_ action: Action) {
    stubActions.append(action)
  }

  @inlinable
  mutating func takeWaiting() -> Work {
    defer { head += 1 }
    return waiting[head]
  }

  /// Ends the unit. It ends only once every waiting work was taken (``next()``), so the
  /// queue starts again empty.
  @inlinable
  mutating func endUnit() {
    phase = .idle
    if !waiting.isEmpty {
      waiting.removeAll(keepingCapacity: Self.keepsQueueStorage)
      head = 0
    }
  }

  /// Whether the queue keeps its storage from one unit to the next: a reactor that queued
  /// work once will likely queue again, and keeping it saves an allocation per unit.
  @inlinable
  static var keepsQueueStorage: Bool {
    true  // uniflow-mutate: ignore only the allocator can tell; the queue is empty either way
  }
}
