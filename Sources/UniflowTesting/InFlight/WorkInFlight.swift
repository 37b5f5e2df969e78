import Uniflow

/// What a tester counts as in flight beyond what its own object reports: the work of the
/// screens a flow made (their reports on the way, a reactor screen's effects), the hops to
/// the main actor the library scheduled (``MainActorHops``), and the `TaskPublisher` calls
/// started from the test's task. Each registers itself; nothing is found by looking into
/// objects. `receive` waits while there is some;
/// `finish()` names what is left.
///
/// ```swift
/// var inFlight = WorkInFlight(watching: flow) { events.wake() }
/// inFlight.descriptions   // ["a report from `RecordStream` for route `record`, on its way to the flow"]
/// ```
struct WorkInFlight {
  /// The reporters the object under test holds; weak, so that the freed check is not
  /// fooled.
  private let reporters: [WeakWorkReporter]
  /// The scope that counts the `TaskPublisher` calls of the tester's task; `nil` when the
  /// tester was made outside a task.
  private var scope: CallsInFlight.Scope?
  /// The tester's registration for the hops to the main actor; `nil` once stopped.
  private var hops: MainActorHops.Watch?

  /// Counts what `reactor`'s runtime has registered as reporting work in flight (a
  /// flow's `ChildScreens`), the hops to the main actor, and the calls the current task
  /// starts; `wake` is called, on any thread, whenever one of them changes.
  @MainActor
  init<Reactor: Uniflow.Reactor>(
    watching reactor: Reactor, wake: @escaping @Sendable () -> Void
  ) {
    reporters = reactor.runtime.workReporters.map { WeakWorkReporter(object: $0) }
    scope = CallsInFlight.shared.openScope(wake: wake)
    hops = MainActorHops.shared.watch(scope: scope, wake)
    GlobalJobs.count(in: scope)
  }

  /// Counts the hops to the main actor and the calls of the current task: a stream's or
  /// a view model's tester, which may be made off the main actor.
  init(wake: @escaping @Sendable () -> Void = {}) {
    reporters = []
    scope = CallsInFlight.shared.openScope(wake: wake)
    hops = MainActorHops.shared.watch(scope: scope, wake)
    GlobalJobs.count(in: scope)
  }

  /// The `TaskPublisher` calls in flight, each as "a `TaskPublisher` call made at
  /// `File.swift:12`".
  var calls: [String] {
    guard let scope else { return [] }
    return CallsInFlight.shared.calls(in: scope).map {
      "a `TaskPublisher` call made at \($0.site), which has not answered"
    }
  }

  /// How many times a hop of the tester's test was registered or ran: the same number
  /// twice means none of its hops happened in between.
  var hopChanges: UInt64 { MainActorHops.shared.changeCount(for: scope) }

  /// How many times a hop or a call of the tester's test came or went: the same pair
  /// twice means that nothing of the test's was registered or let go of in between.
  private var changes: (hops: UInt64, calls: UInt64) {
    (hopChanges, scope.map(CallsInFlight.shared.changeCount(for:)) ?? 0)
  }

  /// Everything in flight, described.
  ///
  /// The calls are read first: a call ends only after it handed its value on (to a
  /// screen's report on its way to the flow, say), so what a call that ends meanwhile fed is
  /// read after it. The other way (a hop that starts a call: `subscribe(on:)`'s request) is
  /// left to ``isEmpty``, which looks again when anything came or went while it looked.
  @MainActor
  var descriptions: [String] {
    let calls = self.calls
    let hops = MainActorHops.shared.descriptions(for: scope)
    return reporters.flatMap { $0.object?.workInFlight ?? [] } + hops + calls
  }

  /// Whether anything is in flight: the test's own work, or work the library counts but
  /// cannot attribute to a test (``unattributed``), which may be this test's.
  ///
  /// A piece of work registers what it hands on before it lets go (a hop to a call it
  /// starts, a call to the hop its value takes), but the registries are read one after the
  /// other: read the calls, then the hops, and a hop that started a call in between is in
  /// neither. So a look counts only when no hop or call of the test came or went while it
  /// was made; otherwise it is made again. A test whose work never stops changing for a
  /// hundred looks is taken as having work in flight.
  @MainActor
  var isEmpty: Bool {
    for _ in 0..<100 {
      let before = changes
      let empty =
        descriptions.isEmpty && !MainActorHops.shared.hasWaiting(for: scope)
        && !MainActorHops.shared.hasUnattributedWaiting
      if changes == before { return empty }
    }
    return false
  }

  /// The work in flight that the library counts but that no test's task started (a
  /// `receive(on:)` scheduled from a queue of the app's own): waited for, and named when a
  /// wait runs out, but never reported as this test's at its finish, since it may be
  /// another's.
  var unattributed: [String] { MainActorHops.shared.unattributedDescriptions }

  /// Why a value may have been lost on its way, when one never comes: scheduled work of
  /// the test's that ran twice at once on a concurrent queue, which hands values and the
  /// completion on in any order. Empty when none did.
  var lostValueHint: String {
    let kinds = MainActorHops.shared.overlappingWork(for: scope)
    guard !kinds.isEmpty else { return "" }
    return " Two pieces of " + kinds.joined(separator: " and of ")
      + " ran at once: that queue is concurrent, so Combine may hand a value on after the "
      + "completion, and the value is lost (in the app too). Schedule on a serial queue "
      + "(`DispatchQueue(label:)`) or the main queue."
  }

  /// Sends the issues that the watched objects report (a flow's misuse, a report from a
  /// screen that left) to `handler`, which reports them in the test.
  @MainActor
  func forwardIssues(to handler: @escaping (String) -> Void) {
    for reporter in reporters { reporter.object?.issueHandler = handler }
  }

  /// Runs, now, what waits for a hop to the main actor: every hop the library scheduled
  /// (a `sinkOnMainActor` value, a screen's report), in the order they were scheduled.
  @MainActor
  func deliverPending() {
    MainActorHops.shared.runAll(for: scope)
    for reporter in reporters { reporter.object?.deliverPending() }
  }

  /// Cancels the effects of a flow's reactor screens; returns how many there were.
  @MainActor
  func cancelScreensWork() -> Int {
    reporters.reduce(0) { $0 + ($1.object?.cancelWork() ?? 0) }
  }

  /// Cancels the `TaskPublisher` calls in flight; returns how many there were.
  func cancelCalls() -> Int {
    guard let scope else { return 0 }
    let calls = CallsInFlight.shared.calls(in: scope)
    for call in calls { call.cancel() }
    return calls.count
  }

  /// Stops counting; the tester is done.
  mutating func stop() {
    GlobalJobs.stopCounting(in: scope)
    if let scope { CallsInFlight.shared.close(scope) }
    if let hops { MainActorHops.shared.stopWatching(hops) }
    scope = nil
    hops = nil
  }
}
