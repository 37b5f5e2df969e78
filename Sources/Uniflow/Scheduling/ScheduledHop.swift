/// One piece of work a ``TrackedScheduler`` put on its scheduler while a tester watched:
/// handed to the ``WorkWatcher`` from when it is scheduled until it has delivered (or
/// was cancelled), so the tester counts it as in flight.
///
/// Work for the main thread that is due at once may be run by the tester itself, on the
/// main actor; the scheduler then finds it done. Work that waits for a time or runs on
/// another thread is only waited for.
final class ScheduledHop: PendingHop, @unchecked Sendable {
  // Unchecked because the action and the watcher need not be Sendable: they never change,
  // and `state`, which does, is reached only through its lock.

  /// Where the work stands; it delivers once, whoever runs it first.
  private enum State {
    /// Scheduled, not yet run.
    case waiting
    /// Delivering now.
    case running
    /// Run (by its scheduler or a tester) or cancelled: no longer in flight.
    case done
  }

  private let state = Locked(State.waiting)
  private let action: () -> Void
  let owners: [WatchScope]
  /// The watcher that counts the work: a hop is made only while one watches.
  private let watcher: any WorkWatcher
  let isRunnableNow: Bool
  /// Whether the work runs on the main thread.
  let isOnMainThread: Bool
  /// What the work is, for a tester's message: the operator and the scheduler.
  private let what: ScheduledWork

  init(
    _ what: ScheduledWork, watchedBy watcher: any WorkWatcher, onMainThread: Bool,
    dueAtOnce: Bool, action: @escaping () -> Void
  ) {
    self.what = what
    self.watcher = watcher
    self.action = action
    isOnMainThread = onMainThread
    isRunnableNow = onMainThread && dueAtOnce
    owners = watcher.scopesOfCurrentWork()
  }

  var hopDescription: String? { what.description }

  var hasPendingValues: Bool { state.withLock { $0 == .waiting } }

  /// Delivers the work, unless it was delivered or cancelled already; then stops counting
  /// it. What it schedules on its way is counted before this one stops.
  func run() {
    let claimed = state.withLock { state in
      guard state == .waiting else { return false }
      state = .running
      return true
    }
    guard claimed else { return }
    deliver()
  }

  /// One firing of repeating work: it delivers every time, and stops counting after the
  /// first.
  func fire() {
    let first = state.withLock { state in
      guard state == .waiting else { return false }
      state = .running
      return true
    }
    if first { deliver() } else { action() }
  }

  /// Runs the action as the delivery of the work's owners, then stops counting it.
  private func deliver() {
    watcher.started(self)
    Instrumentation.delivering(for: owners, action)
    state.withLock { $0 = .done }
    watcher.ran(self)
  }

  /// Whether the work is delivering now.
  var isRunning: Bool { state.withLock { $0 == .running } }

  /// What the work is and where it runs ("`delay` on a dispatch queue `x`"): two pieces
  /// of work of one kind ran at once when both are running.
  var scheduledKind: String? { what.kind }

  /// Stops counting work that will not deliver: its cancellable was cancelled.
  func cancel() {
    let wasWaiting = state.withLock { state in
      guard state == .waiting else { return false }
      state = .done
      return true
    }
    if wasWaiting { watcher.ran(self) }
  }

  @MainActor
  func runNow() {
    run()
  }
}

/// What a scheduled piece of work is, described lazily: most are never described.
struct ScheduledWork: Sendable {
  let operation: StaticString
  let scheduler: String

  /// "`delay` on a dispatch queue `x`".
  var kind: String { "`\(operation)` on \(scheduler)" }

  var description: String { "a \(kind), not yet delivered" }
}
