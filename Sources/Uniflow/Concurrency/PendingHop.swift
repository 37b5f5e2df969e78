/// Work that a watcher counts as in flight until it has run: a ``MainActorInbox``'s hop to
/// the main actor, a ``ScheduledHop`` a scheduler holds, or, on the testers' side, a job on
/// Swift's global executor. The runtime hands it to the ``WorkWatcher``, which keeps it
/// until ``WorkWatcher/ran(_:)``.
package protocol PendingHop: AnyObject, Sendable {
  /// The waiting hop, described for a tester's message; `nil` when what owns it
  /// describes it.
  var hopDescription: String? { get }
  /// The testers' scopes that count it (``WorkWatcher/scopesOfCurrentWork()``).
  var owners: [WatchScope] { get }
  /// Whether values wait for the hop.
  var hasPendingValues: Bool { get }
  /// Whether a tester may run the hop now, on the main actor, rather than wait for it: a
  /// hop to the main actor may; work a scheduler holds for a time, or runs on another
  /// thread, is only waited for.
  var isRunnableNow: Bool { get }
  /// What a scheduler's work is and where it runs ("`delay` on a dispatch queue `x`");
  /// `nil` for a hop that is not a scheduler's work.
  var scheduledKind: String? { get }
  /// Whether the work runs on the main thread.
  var isOnMainThread: Bool { get }
  /// Whether the work is delivering now.
  var isRunning: Bool { get }
  /// Handles, now, what waits for the hop.
  @MainActor func runNow()
}

extension PendingHop {
  /// Not a scheduler's work.
  package var scheduledKind: String? { nil }
  /// A hop to the main actor.
  package var isOnMainThread: Bool { true }
  /// Not known to be running: only a scheduler's work says.
  package var isRunning: Bool { false }
}
