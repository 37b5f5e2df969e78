/// The hops to the main actor that the library has scheduled and that have not run yet,
/// for the testers: while one watches, every inbox of the runtime that schedules a hop
/// registers here (through ``InFlightWatcher``) until its hop (or a tester) has handled what it carries. So the value
/// that a `TaskPublisher` call hands to `sinkOnMainActor`, or that a screen reports to its
/// flow from another thread, is never in nobody's count: the call ends only after the
/// inbox has registered it.
///
/// A tester does not wait for the hops: it runs them itself, on the main actor, in the
/// order they were scheduled (``runAll(for:)``), so what a test sees does not depend on when
/// the main actor gets to them. Nothing is registered while no tester watches: a test
/// process pays one lock per hop to find that out, an app (where no tester ever started,
/// so no watcher is installed) one atomic load.
///
/// ```swift
/// let watch = MainActorHops.shared.watch(scope: scope) { events.wake() }   // a tester's init
/// MainActorHops.shared.runAll(for: scope)                    // each time it looks
/// MainActorHops.shared.stopWatching(watch)                   // its finish
/// ```
final class MainActorHops: Sendable {

  /// A tester's registration: the wake it asked for.
  struct Watch: Hashable, Sendable {
    fileprivate let number: UInt64
  }

  /// The registry every tester and every inbox use.
  static let shared = MainActorHops()

  /// What the testers watch, all behind one lock; the hops' own state is behind their own.
  private struct Registry {
    /// The hops scheduled and not yet run, oldest first.
    var waiting: [(id: ObjectIdentifier, hop: any PendingHop)] = []
    /// What to call when a hop is scheduled or has run, one per watching tester, with the
    /// scope of the tester's task (`nil` for a tester made outside a task).
    var wakers: [UInt64: (scope: CallsInFlight.Scope?, wake: @Sendable () -> Void)] = [:]
    var nextNumber: UInt64 = 0
    /// How many times a hop of each scope was registered or ran.
    var changes: [CallsInFlight.Scope: UInt64] = [:]
    /// For each scope, the kinds of scheduled work that ran twice at once off the main
    /// thread (see ``MainActorHops/started(_:)``).
    var overlaps: [CallsInFlight.Scope: [String]] = [:]

    /// The wakes of the testers that `hop` concerns.
    func wakes(concernedBy hop: any PendingHop) -> [@Sendable () -> Void] {
      let owners = hop.owners
      return wakers.values.compactMap { waker in
        guard let scope = waker.scope, !owners.isEmpty else { return waker.wake }
        return owners.contains(scope) ? waker.wake : nil
      }
    }
  }

  private let registry = Locked(Registry())

  /// Starts registering hops; `wake` is called (on any thread) each time a hop of `scope`
  /// (or one that belongs to no tester's task) is scheduled or has run, so that the
  /// tester looks again. A tester made outside a task passes `nil`, and is woken by every
  /// hop. Only the testers a hop concerns are woken: with hundreds of tests running at
  /// once, waking every tester for every hop would cost the square of their number.
  func watch(
    scope: CallsInFlight.Scope?, _ wake: @escaping @Sendable () -> Void
  ) -> Watch {
    InFlightWatcher.install()
    return registry.withLock { registry in
      registry.nextNumber &+= 1
      registry.wakers[registry.nextNumber] = (scope, wake)
      return Watch(number: registry.nextNumber)
    }
  }

  /// Stops the wakes of `watch`; once no tester watches, nothing is registered.
  func stopWatching(_ watch: Watch) {
    registry.withLock { registry in
      if let scope = registry.wakers[watch.number]?.scope { registry.overlaps[scope] = nil }
      registry.wakers[watch.number] = nil
      if registry.wakers.isEmpty {
        registry.waiting.removeAll()
        registry.changes.removeAll()
        registry.overlaps.removeAll()
      }
    }
  }

  /// Whether a tester watches: an inbox registers its hop only then.
  var isWatched: Bool { registry.withLock { registry in !registry.wakers.isEmpty } }

  /// Notes a hop that `hop` scheduled.
  func scheduled(_ hop: any PendingHop) {
    let wakes: [@Sendable () -> Void] = registry.withLock { registry in
      guard !registry.wakers.isEmpty else { return [] }
      registry.waiting.append((ObjectIdentifier(hop), hop))
      for owner in hop.owners { registry.changes[owner, default: 0] &+= 1 }
      return registry.wakes(concernedBy: hop)
    }
    for wake in wakes { wake() }
  }

  /// Notes that `hop` starts to deliver. Two pieces of the same kind of work (two
  /// `delay`s on `DispatchQueue.global()`, say) delivering at once, off the main thread,
  /// means a concurrent queue: it hands them on in any order, and a value handed on after
  /// the completion is lost. The tester names that when a value it waits for never comes.
  func started(_ hop: any PendingHop) {
    guard !hop.isOnMainThread, !hop.owners.isEmpty, let kind = hop.scheduledKind else { return }
    registry.withLock { registry in
      let overlapping = registry.waiting.contains {
        $0.hop !== hop && $0.hop.scheduledKind == kind && $0.hop.isRunning
      }
      guard overlapping else { return }
      for owner in hop.owners where registry.overlaps[owner]?.contains(kind) != true {
        registry.overlaps[owner, default: []].append(kind)
      }
    }
  }

  /// The kinds of scheduled work of `scope` that ran twice at once off the main thread
  /// (see ``started(_:)``), each described.
  func overlappingWork(for scope: CallsInFlight.Scope?) -> [String] {
    guard let scope else { return [] }
    return registry.withLock { registry in registry.overlaps[scope] ?? [] }
  }

  /// Notes that `hop` has nothing left to carry: its hop ran, or a tester ran it.
  func ran(_ hop: any PendingHop) {
    let id = ObjectIdentifier(hop)
    let wakes: [@Sendable () -> Void] = registry.withLock { registry in
      guard let index = registry.waiting.firstIndex(where: { $0.id == id }) else { return [] }
      registry.waiting.remove(at: index)
      for owner in hop.owners { registry.changes[owner, default: 0] &+= 1 }
      return registry.wakes(concernedBy: hop)
    }
    for wake in wakes { wake() }
  }

  /// How many times a hop of `scope` was registered or has run: a tester (or an
  /// exploration) that reads the same number twice knows that none of its hops happened
  /// in between. Other tests' hops, running beside it, are not counted.
  func changeCount(for scope: CallsInFlight.Scope?) -> UInt64 {
    guard let scope else { return 0 }
    return registry.withLock { registry in registry.changes[scope] ?? 0 }
  }

  /// Whether a hop that belongs to `scope` is waiting: one made in the task of the tester
  /// that opened it. Hops of other tests running beside it are not its work.
  func hasWaiting(for scope: CallsInFlight.Scope?) -> Bool {
    guard let scope else { return false }
    return registry.withLock { registry in
      registry.waiting.contains { $0.hop.owners.contains(scope) }
    }
  }

  /// Whether scheduled work that belongs to no tester's scope is waiting: a
  /// `receive(on:)` scheduled from a queue no test owns, say, which the library counts but
  /// cannot attribute. A tester does not call its test done while some waits, but does not
  /// name it as its own either: it may be another test's. (A hop to the main actor made
  /// outside every test's task is left out: the main actor runs it, and other tests'
  /// testers would otherwise wait for each other's.)
  var hasUnattributedWaiting: Bool {
    registry.withLock { registry in
      registry.waiting.contains { $0.hop.owners.isEmpty && $0.hop.scheduledKind != nil }
    }
  }

  /// The scheduled work that belongs to no tester's scope, described, oldest first.
  var unattributedDescriptions: [String] {
    registry.withLock { registry in
      registry.waiting.compactMap {
        $0.hop.owners.isEmpty && $0.hop.scheduledKind != nil ? $0.hop.hopDescription : nil
      }
    }
  }

  /// The waiting hops of `scope` that describe themselves (a `sinkOnMainActor` value),
  /// oldest first; the others are described by what owns them (a flow names its screens'
  /// reports).
  func descriptions(for scope: CallsInFlight.Scope?) -> [String] {
    guard let scope else { return [] }
    return registry.withLock { registry in
      registry.waiting.compactMap { $0.hop.owners.contains(scope) ? $0.hop.hopDescription : nil }
    }
  }

  /// Runs, now, the waiting hops of `scope` that may run early (see
  /// ``PendingHop/isRunnableNow``) in the order they were scheduled, and those they
  /// schedule in turn; each hop then finds nothing left when the main actor gets to
  /// it. Other tests' hops are left to their own hop: run here, in this test's task, they
  /// would see its task-local values (its issue reporter, an exploration's executor).
  /// Returns how many hops it ran.
  @MainActor
  @discardableResult
  func runAll(for scope: CallsInFlight.Scope?) -> Int {
    guard let scope else { return 0 }
    // A bound, so that handlers that keep sending to each other from another thread cannot
    // hold the tester here: what is left runs at the next look.
    for ran in 0..<1_000 {
      let next = registry.withLock { registry in
        registry.waiting.first { $0.hop.isRunnableNow && $0.hop.owners.contains(scope) }?.hop
      }
      guard let next else { return ran }
      next.runNow()
      // A hop whose handler sent to its own inbox again may still be waiting: it must not
      // be run forever here.
      registry.withLock { registry in
        if !next.hasPendingValues,
          let index = registry.waiting.firstIndex(where: { $0.hop === next })
        {
          registry.waiting.remove(at: index)
        }
      }
    }
    return 1_000
  }
}
