import CustomDump
import Foundation
import Uniflow

/// Tests a reactor exhaustively, in the style of TCA's `TestStore`: each `send` states how
/// the state changes, each mutation an effect produces later must be `receive`d, and
/// ``finish(timeout:checkFreed:fileID:filePath:line:column:)`` fails if an effect is still running.
///
/// ```swift
/// @MainActor @Test func refreshLoadsTasks() async {
///   let tester = ReactorTester(TaskListViewReactor(provider: MockServiceProvider()))
///   tester.send(.refresh) { $0.isLoading = true }
///   await tester.receive(.setTasks([task])) {
///     $0.tasks = [task]
///     $0.isLoading = false
///   }
///   await tester.finish()
/// }
/// ```
///
/// A failure is reported through `IssueReporting`, so it shows up in Swift Testing and
/// XCTest alike, with a diff of the expected and actual state. Nothing passes silently:
/// - a tester the test lets go of without `finish()` still reports the mutations nobody
///   received and the effects still running;
/// - `receive` fails at once when nothing is in flight, rather than after its timeout;
/// - an assertion closure given where the state did not change is reported, since it
///   asserts nothing.
///
/// With ``Exhaustivity/off`` the tester checks only what the test asserts.
@MainActor
public final class ReactorTester<Reactor: Uniflow.Reactor> where Reactor.State: Equatable {
  /// The reactor under test.
  ///
  /// A tester made with ``init(exhaustivity:timeout:checkFreed:effects:fileID:filePath:line:column:_:)``
  /// lets go of it at ``finish(timeout:checkFreed:fileID:filePath:line:column:)`` to check
  /// that it is freed; read what you need before.
  @inlinable
  public var reactor: Reactor {
    if let held = lifecycle.reactor { return held }
    preconditionFailure(
      "The reactor was let go of by finish(), which checks that it is freed. Read what you "
        + "need before finish(), or make the tester with checkFreed: false.")
  }
  // The properties a `send` reads skip the dynamic exclusivity check, as the runtime's do:
  // every access happens on the main actor, and none is held across a call that could
  // reach another.

  /// How strict the tester is; ``Exhaustivity/on`` by default.
  @exclusivity(unchecked) public var exhaustivity: Exhaustivity
  /// With ``Exhaustivity/off``, whether what the tester skips (mutations the test did not
  /// receive, state changes its assertions did not mention, effects still running) is
  /// shown as expected issues: visible in the test's report, never a failure. Off by
  /// default. (Under XCTest on Linux, IssueReporting cannot mark them expected.)
  @exclusivity(unchecked) public var showSkippedAssertions = false

  /// The skipped assertions shown so far, oldest first (see ``showSkippedAssertions``).
  public internal(set) var skippedAssertions: [String] = []

  /// Whether the effects of the actions sent run (``TesterEffects/run``, the default) or
  /// the test supplies their mutations (``TesterEffects/suppliedByTest``).
  public let effects: TesterEffects

  /// How long `receive` and ``finish(timeout:checkFreed:fileID:filePath:line:column:)`` wait, in
  /// seconds, by default.
  public var timeout: Double

  // The state and the received mutations are used by the inlinable `send`, so that a
  // test's sends run specialised for its reactor, as the app's do.
  /// Where the test is: sending and receiving, finished, or finished and the reactor let go
  /// of to check that it is freed.
  @usableFromInline @exclusivity(unchecked) var lifecycle: Lifecycle
  @usableFromInline @exclusivity(unchecked) var expected: Reactor.State
  /// What the engine reported: the mutations not yet received, and the events a wait
  /// wakes on. The engine's watchers hold it, so they need no reference to the tester.
  @usableFromInline let events = EngineEvents<Reactor.Mutation, Reactor.State>()
  /// How many actions have been sent; numbers each send's ``ReactorTestTask``.
  @usableFromInline @exclusivity(unchecked) var sends = 0
  /// Where the tester was made: a tester dropped without `finish()` reports there.
  @usableFromInline let createdAt: CallSite
  /// Whether the reactor must be freed at the end; `nil` when the test may hold it too.
  @usableFromInline var freedCheck: FreedCheck?
  /// What `init(replaying:reactor:…)` replayed; zero for a tester that replayed nothing.
  public internal(set) var replayed = SessionReplay()
  /// The actions whose send started an asynchronous effect, by send number: a running
  /// effect is named by the action that started it.
  @usableFromInline var actionsWithEffects: [Int: Reactor.Action] = [:]
  /// What else may still reach the reactor: a flow's screens' work, and the
  /// `TaskPublisher` calls the test's task started.
  var inFlight: WorkInFlight?
  /// Work no tester counts that this test has seen arrive (a queue or a thread of the app's
  /// own); until then `nil`, and a `receive` that finds nothing counted in flight gives
  /// such work a grace only; from then on, its whole timeout.
  var uncountedWork: UncountedWork?
  /// Run once when a wait's quiet next begins (nothing counted in flight, the main queue
  /// run): the tests of ``uncountedWork`` start their uncounted work there, since no
  /// timing of theirs can tell when that is while other tests hold the main actor.
  var whenQuietBegins: (() -> Void)?

  /// Starts testing the reactor that `make` builds, from its current state, and checks at
  /// the end that it is freed once the tester lets go of it: the tester holds the only
  /// reference.
  ///
  /// ```swift
  /// let tester = ReactorTester { TaskListViewReactor(provider: provider) }
  /// ```
  ///
  /// At ``finish(timeout:checkFreed:fileID:filePath:line:column:)`` (or when the test lets
  /// go of the tester) the reactor must be gone, and every subscription it made to a relay
  /// it was given (a service's events) must be closed. A failure says what still holds
  /// it, where it can tell. Pass `checkFreed: false` for a reactor meant to outlive the
  /// test.
  ///
  /// With `effects: .suppliedByTest` the effects `mutate` returns do not run, and the test
  /// gives the mutations they would have produced: see ``TesterEffects``.
  public convenience init(
    exhaustivity: Exhaustivity = .on, timeout: Double = 1, checkFreed: Bool = true,
    effects: TesterEffects = .run,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    _ make: () -> Reactor
  ) {
    self.init(
      make(), checksFreed: checkFreed, exhaustivity: exhaustivity, timeout: timeout,
      effects: effects,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Starts testing `reactor` from its current state. The test may keep the reactor too,
  /// so this tester does not check that it is freed; it still checks that its effects
  /// stop. Use ``init(exhaustivity:timeout:checkFreed:effects:fileID:filePath:line:column:_:)``
  /// for the full check.
  public convenience init(
    _ reactor: Reactor, exhaustivity: Exhaustivity = .on, timeout: Double = 1,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      reactor, checksFreed: false, exhaustivity: exhaustivity, timeout: timeout, effects: .run,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  // Inlinable, so that the watcher it gives the engine is specialised for the test's
  // reactor: it runs once for every mutation the test sends.
  @inlinable
  init(
    _ reactor: Reactor, checksFreed: Bool, exhaustivity: Exhaustivity, timeout: Double,
    effects: TesterEffects, at site: CallSite
  ) {
    // Before the reactor is first used, so that the subscriptions it makes count as its.
    if checksFreed {
      freedCheck = FreedCheck(watching: reactor, entryPoints: nil, skipping: ["runtime"])
    }
    lifecycle = .testing(reactor)
    self.exhaustivity = exhaustivity
    self.timeout = timeout
    self.effects = effects
    createdAt = site
    expected = reactor.currentState
    // The tester watches the engine; it does not change how the engine runs work.
    reactor.runtime.didReduce = { [events] mutation, state in events.reduced(mutation, state) }
    reactor.runtime.didEndEffect = { [events] in events.noteEvent() }
    startCountingWorkInFlight(of: reactor)
  }

  /// Finds what else the reactor may hear from (a flow's screens) and starts counting the
  /// calls the test's task starts.
  @usableFromInline
  func startCountingWorkInFlight(of reactor: Reactor) {
    // The `.run` effects run on a queue the tester counts, so that the test clock knows
    // when they have run as far as they can.
    if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *), case .run = effects {
      reactor.runtime.effectExecutor = EffectQueue()
    }
    // Woken from any thread: a call that ends, a hop scheduled on another thread.
    let inFlight = WorkInFlight(watching: reactor) { [events] in
      if MainActorCheck.isOnMainActor {
        MainActor.assumeIsolated { events.wake() }
      } else {
        Task { @MainActor in events.wake() }
      }
    }
    inFlight.forwardIssues { [events] in events.noteIssue($0) }
    self.inFlight = inFlight
  }

  /// Reports, at `site`, the issues the flow's screens reported since the last step.
  func reportFlowIssues(at site: CallSite) {
    guard !events.issues.isEmpty else { return }
    let issues = events.issues
    events.issues.removeAll()
    for issue in issues { site.fail(issue) }
  }

  /// Whether a mutation may still arrive without the test sending an action: the engine's
  /// own work (effects, actions from other threads, hooks) or the work ``inFlight`` counts.
  var mayDeliverLater: Bool {
    reactor.runtime.mayDeliverLater || inFlight?.isEmpty == false
  }

  /// The work in flight besides the reactor's own effects, one item each.
  var otherWorkInFlight: [String] {
    var work: [String] = []
    if reactor.runtime.hasActionOnItsWay {
      work.append("an action sent from another thread, on its way")
    }
    return work + (inFlight?.descriptions ?? [])
  }

  deinit {
    // A test lets go of its tester where it ends, on the main actor. A tester released on
    // another thread cannot read its reactor safely, and is not checked.
    guard MainActorCheck.isOnMainActor else { return }
    MainActor.assumeIsolated { reportIfDropped() }
  }

  /// The state as of the last step the test asserted: a `send`, a `receive`, an
  /// ``assert(_:fileID:filePath:line:column:)`` or a skip. Unlike the reactor's
  /// `currentState`, it leaves out mutations that arrived and were not yet received.
  public var state: Reactor.State { expected }

  /// The mutations received from effects and not yet asserted with `receive`.
  public var unreceivedMutations: [Reactor.Mutation] { events.received.map(\.mutation) }

  /// Sends `action` and checks the state it leaves behind: `assert` turns the state before
  /// the send into the state expected after everything the action changed synchronously.
  ///
  /// ```swift
  /// tester.send(.increase) { $0.count = 1 }
  /// let load = tester.send(.load) { $0.isLoading = true }
  /// await load.cancel()  // the screen went away
  /// ```
  ///
  /// Leave `assert` out when the state should not change; a closure where it did not
  /// change fails, since it asserts nothing. Returns a handle on the effects this action
  /// started.
  @inlinable
  @discardableResult
  public func send(
    _ action: Reactor.Action,
    assert updateExpected: ((inout Reactor.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> ReactorTestTask<Reactor> {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if !events.received.isEmpty { dropUnreceived(before: action, at: site) }
    // The reactor is read once: each read retains it.
    let reactor = self.reactor
    let number = sends &+ 1
    sends = number
    let task = ReactorTestTask(tester: self, number: number)
    // Everything reduced during `send` belongs to this action: it is not kept to be
    // received.
    events.isSending = true
    if effects == .run {
      // The runtime is read once too.
      let runtime = reactor.runtime
      let started = runtime.startedEffectCount
      runtime.sendNumber = number
      reactor.send(action)
      runtime.sendNumber = 0
      // Only a send that started an effect keeps its action, to name the effect later.
      if runtime.startedEffectCount != started { actionsWithEffects[number] = action }
    } else {
      performSupplyingEffects(action)
    }
    events.isSending = false
    check(
      updateExpected, against: reactor.currentState, what: "sending \(action)",
      expectsChange: true, at: site)
    return task
  }

  /// Waits for the next mutation an effect produces, checks it equals `mutation`, and
  /// checks the state after it; `assert` turns the previous expected state into it.
  ///
  /// ```swift
  /// await tester.receive(.setTasks([task])) { $0.tasks = [task] }
  /// ```
  ///
  /// In a tester made with `effects: .suppliedByTest`, effects do not run: `mutation` is
  /// the one the test supplies in their place, reduced here (see ``TesterEffects``).
  ///
  /// It fails at once when no mutation is waiting and nothing is in flight (no effect
  /// running, no action or mutation hook connected). With ``Exhaustivity/off``, it passes
  /// over the mutations before the first that matches; when none matches, it fails and
  /// leaves them to be received.
  public func receive(
    _ mutation: Reactor.Mutation,
    timeout: Double? = nil,
    assert updateExpected: ((inout Reactor.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Reactor.Mutation: Equatable {
    supply(mutation)
    await receive(
      { $0 == mutation }, expectation: String(customDumping: mutation),
      unexpected: { actual in
        let difference = diff(mutation, actual, format: .proportional) ?? ""
        return "Received an unexpected mutation:\n\n\(difference.indent(by: 4))\n\n"
          + "(Expected: −, Received: +)"
      },
      timeout: timeout, assert: updateExpected,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for the next mutation an effect produces, checks it matches `isExpected`, and
  /// checks the state after it.
  ///
  /// ```swift
  /// await tester.receive({ if case .setError = $0 { true } else { false } }) {
  ///   $0.isLoading = false
  /// }
  /// ```
  public func receive(
    _ isExpected: (Reactor.Mutation) -> Bool,
    timeout: Double? = nil,
    assert updateExpected: ((inout Reactor.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await receive(
      isExpected, expectation: "a mutation that matches the predicate",
      unexpected: {
        "Received a mutation the predicate rejected:\n\n"
          + String(customDumping: $0).indent(by: 4)
      },
      timeout: timeout, assert: updateExpected,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Checks the state without sending anything: `update` turns the state of the last
  /// asserted step into the expected one. For a non-exhaustive test after a skip, or after
  /// ``finish(timeout:checkFreed:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// await tester.skipReceivedMutations()
  /// tester.assert { $0.items = ["milk"] }
  /// ```
  public func assert(
    _ update: (inout Reactor.State) throws -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if exhaustivity == .on, !events.received.isEmpty {
      site.fail(
        "Must receive \(events.received.count) mutation(s) before asserting the state:"
          + describe(events.received.map(\.mutation)))
      return
    }
    let actual = lifecycle.state
    withoutActuallyEscaping(update) { update in
      check(update, against: actual, what: "asserting", expectsChange: false, at: site)
    }
  }

  /// Waits for every effect to finish; fails if one is still running after `timeout`
  /// seconds, or if a received mutation was never asserted. Running effects are then
  /// cancelled, and must stop.
  ///
  /// A tester that built its reactor then lets go of it and checks that it is freed,
  /// unless `checkFreed` is `false` (see
  /// ``init(exhaustivity:timeout:checkFreed:effects:fileID:filePath:line:column:_:)``).
  public func finish(
    timeout: Double? = nil,
    checkFreed: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    lifecycle = .finished(reactor)
    defer { inFlight?.stop() }
    let seconds = timeout ?? self.timeout
    // An action sent from another thread before `finish()` is the test's: it is handled
    // now, so what it changes must have been received.
    reactor.runtime.deliverActionsOnTheirWay()
    _ = await wait(seconds: seconds) {
      reactor.runtime.runningEffectCount == 0 && otherWorkInFlight.isEmpty
    }
    reportLeftovers(at: site, when: "at the end of the test")
    reportFlowIssues(at: site)
    reactor.runtime.cancelAllEffects()
    _ = inFlight?.cancelCalls()
    events.received.removeAll()
    await checkEffectsStopped(at: site)
    if checkFreed, let freedCheck {
      weak let reactor = lifecycle.reactor
      lifecycle = .letGo(final: FinalState(self.reactor.currentState))
      if let problem = await freedCheck.problems(
        after: 1, object: { reactor }, explaining: Self.whatHoldsAReactor)
      {
        site.fail(problem)
      }
    }
  }

  /// What a tester the test let go of without `finish()` reports.
  private func reportIfDropped() {
    guard case .testing = lifecycle else { return }
    defer { inFlight?.stop() }
    reactor.runtime.deliverActionsOnTheirWay()
    let wasRunning = reactor.runtime.runningEffectCount > 0 || !otherWorkInFlight.isEmpty
    reportLeftovers(
      at: createdAt,
      when: "when the test let go of the tester without calling `await tester.finish()`")
    reportFlowIssues(at: createdAt)
    reactor.runtime.cancelAllEffects()
    // Cancelled tasks let go of the reactor later, so with effects running (reported
    // above) the check would blame them.
    guard let freedCheck, !wasRunning else { return }
    weak let reactor = lifecycle.reactor
    lifecycle = .letGo(final: FinalState(self.reactor.currentState))
    if let problem = freedCheck.report(object: reactor, hint: Self.whatHoldsAReactor) {
      createdAt.fail(problem)
    }
  }

  /// The running effects, each named by the action that started it and its cancel ids.
  var runningEffects: [String] {
    reactor.runtime.runningEffectIDs.map { ids in
      var started = "started by an action the test did not send through the tester"
      var cancelIDs: [String] = []
      for id in ids {
        if let send = id.base as? EffectsOfSend {
          if let action = actionsWithEffects[send.number] {
            started = "started by `\(String(customDumping: action))`"
          }
        } else {
          cancelIDs.append("`\(String(customDumping: id.base))`")
        }
      }
      return cancelIDs.isEmpty
        ? "an effect " + started
        : "an effect " + started + ", cancel id " + cancelIDs.joined(separator: ", ")
    }
  }

  /// Where a reactor that was not freed is usually held.
  static var whatHoldsAReactor: String {
    "A closure that captures the reactor strongly keeps it: in `globalEvents` or a "
      + "`transform` hook (a `map`, a `flatMap`, a `sink`), or in an effect (`.run`, a "
      + "publisher) that has not stopped."
  }

  /// Waits (up to a second) for the cancelled `run` tasks to return; fails on those that
  /// go on.
  private func checkEffectsStopped(at site: CallSite) async {
    let runtime = reactor.runtime
    var budget = WaitBudget(seconds: 1)
    while runtime.liveEffectTaskCount > 0, !budget.isSpent() {
      try? await Task.sleep(nanoseconds: WaitBudget.tick)
    }
    let live = runtime.liveEffectTaskCount
    guard live > 0 else { return }
    site.fail(
      "\(live) `.run` effect(s) still running after they were cancelled: runaway work, "
        + "holding what they captured. A loop must stop when its task is cancelled: check "
        + "`Task.isCancelled`, or let `try await Task.sleep` throw (`try?` swallows the "
        + "cancellation).")
  }

  /// Fails (or, with ``Exhaustivity/off``, shows as skipped) the effects still running and
  /// the mutations not received.
  private func reportLeftovers(at site: CallSite, when moment: String) {
    let running = reactor.runtime.runningEffectCount
    let other = otherWorkInFlight
    if exhaustivity == .on {
      if running > 0 {
        site.fail(
          "\(running) effect(s) still running \(moment):\n\n"
            + runningEffects.map { "  • " + $0 }.joined(separator: "\n")
            + "\n\nMake them finish, or cancel them, before the test ends.")
      }
      if !other.isEmpty {
        site.fail(
          "Work was still in flight \(moment):\n\n"
            + other.map { "  • " + $0 }.joined(separator: "\n")
            + "\n\nWhat it would deliver was never received. Wait for it with `receive`, "
            + "or end it before the test ends.")
      }
      if !events.received.isEmpty {
        site.fail(
          "\(events.received.count) received mutation(s) were not asserted \(moment):"
            + describe(events.received.map(\.mutation)))
      }
    } else {
      if running > 0 { showSkipped("Skipped \(running) effect(s) still running", at: site) }
      if !other.isEmpty {
        showSkipped("Skipped work still in flight: " + other.joined(separator: "; "), at: site)
      }
      if !events.received.isEmpty {
        showSkipped(
          "\(events.received.count) received mutation(s) were skipped:"
            + describe(events.received.map(\.mutation)), at: site)
      }
    }
  }
}

extension ReactorTester {
  /// A tester's life: its reactor held while the test sends and receives, and after
  /// `finish()`, until `finish()` lets go of it to check that it is freed; from then on only
  /// the state it ended in, for `assert`.
  @usableFromInline
  enum Lifecycle {
    /// Before `finish()`.
    case testing(Reactor)
    /// `finish()` has begun, and the tester still holds the reactor (the test asked for no
    /// freed check, or the check has not begun).
    case finished(Reactor)
    /// The tester let go of the reactor to check that it is freed; `final` holds its state
    /// then (in a box, so that every case is one reference and reading the reactor on each
    /// `send` costs what an optional's does).
    case letGo(final: FinalState)

    /// The reactor, while the tester holds it.
    @inlinable
    var reactor: Reactor? {
      switch self {
      case .testing(let reactor), .finished(let reactor): reactor
      case .letGo: nil
      }
    }

    /// The reactor's state now, or the one it was let go of in.
    @MainActor var state: Reactor.State {
      switch self {
      case .testing(let reactor), .finished(let reactor): reactor.currentState
      case .letGo(let final): final.state
      }
    }
  }

  /// The state a reactor was let go of in.
  @usableFromInline
  final class FinalState {
    let state: Reactor.State

    init(_ state: Reactor.State) { self.state = state }
  }
}
