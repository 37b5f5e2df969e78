import Uniflow

/// What a tester counts as in flight beyond what its own object reports: the work of the
/// screens a flow made (their reports on the way, a reactor screen's effects), and the
/// `TaskPublisher` calls started from the test's task. `receive` waits while there is some;
/// `finish()` names what is left.
///
/// ```swift
/// var inFlight = WorkInFlight(watching: flow)
/// inFlight.descriptions   // ["a report from `RecordStream` for route `record`, on its way to the flow"]
/// ```
struct WorkInFlight {
  /// A reporter the object under test holds; weak, so that the freed check is not fooled.
  private struct Reporter {
    weak var object: (any WorkInFlightReporting)?
  }

  private let reporters: [Reporter]
  /// The scope that counts the `TaskPublisher` calls of the tester's task; `nil` when the
  /// tester was made outside a task.
  private var scope: CallsInFlight.Scope?

  /// Finds what `object` holds that reports work in flight (a flow's `ChildScreens`), and
  /// starts counting the calls the current task starts.
  @MainActor
  init(watching object: AnyObject?) {
    var found: [Reporter] = []
    var mirror: Mirror? = object.map { Mirror(reflecting: $0) }
    while let current = mirror {
      for child in current.children {
        if let reporter = child.value as? any WorkInFlightReporting {
          found.append(Reporter(object: reporter))
        }
      }
      mirror = current.superclassMirror
    }
    reporters = found
    scope = CallsInFlight.shared.openScope()
  }

  /// Counts the calls of the current task without looking into an object: a stream's or a
  /// view model's tester, which may be made off the main actor.
  init() {
    reporters = []
    scope = CallsInFlight.shared.openScope()
  }

  /// The `TaskPublisher` calls in flight, each as "a `TaskPublisher` call made at
  /// `File.swift:12`".
  var calls: [String] {
    guard let scope else { return [] }
    return CallsInFlight.shared.calls(in: scope).map {
      "a `TaskPublisher` call made at \($0.site), which has not answered"
    }
  }

  /// Everything in flight, described.
  ///
  /// The calls are read first. A call's value travels on: the call ends only after it
  /// handed its value on (to a screen's report on its way to the flow, say), so reading
  /// the calls first and what they feed after leaves no moment where the value is in
  /// neither. Read the other way, a call that ends in between is missed in both.
  @MainActor
  var descriptions: [String] {
    let calls = self.calls
    return reporters.flatMap { $0.object?.workInFlight ?? [] } + calls
  }

  /// Whether anything is in flight.
  @MainActor
  var isEmpty: Bool { descriptions.isEmpty }

  /// Sends the issues that the watched objects report (a flow's misuse, a report from a
  /// screen that left) to `handler`, which reports them in the test.
  @MainActor
  func forwardIssues(to handler: @escaping (String) -> Void) {
    for reporter in reporters { reporter.object?.issueHandler = handler }
  }

  /// Delivers, now, the reports of a flow's screens that wait for their hop to the main
  /// actor.
  @MainActor
  func deliverPending() {
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
    if let scope { CallsInFlight.shared.close(scope) }
    scope = nil
  }
}
