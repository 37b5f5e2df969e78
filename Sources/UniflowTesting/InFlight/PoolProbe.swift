/// A round trip of the tester's own through the cooperative pool and back to the main
/// actor, three deep: what a `receive` waits for, beside its quiet spell, before it fails
/// with work nobody can see (a `Task.detached` that ends in `MainActor.run`) still possible.
///
/// The pool runs its jobs roughly in the order they came, so once the probe, put there
/// after the app's work, has been back on the main actor three times, that work has had its
/// turn too. On a loaded machine the pool can run nothing for longer than the quiet spell;
/// the probe makes the wait as long as the machine is slow. It is a grace, not a count: work
/// that sleeps or waits on a server is not waited for.
///
/// ```swift
/// let probe = PoolProbe { events.wake() }
/// // … later, the wait looks again:
/// if probe.isBack { /* the pool and the main actor have run what came before it */ }
/// ```
@MainActor
final class PoolProbe {
  /// Whether the probe's last trip has come back to the main actor.
  private(set) var isBack = false
  private var trips: Task<Void, Never>?

  /// Sends the probe; `whenBack` runs on the main actor when it is back.
  init(whenBack: @escaping @MainActor () -> Void) {
    // The tester's own work: counted as the test's, it would be what the probe waits for.
    trips = GlobalJobs.asTestersOwnWork { makeTrips(whenBack) }
  }

  private func makeTrips(_ whenBack: @escaping @MainActor () -> Void) -> Task<Void, Never> {
    Task.detached { [weak self] in
      for _ in 0..<MainQueue.rounds {
        await Task.yield()
        await MainActor.run {}
      }
      await MainActor.run {
        guard let self, !Task.isCancelled else { return }
        self.isBack = true
        whenBack()
      }
    }
  }

  /// Stops the probe: the wait it served has ended or started over.
  func cancel() { GlobalJobs.asTestersOwnWork { trips?.cancel() } }
}
