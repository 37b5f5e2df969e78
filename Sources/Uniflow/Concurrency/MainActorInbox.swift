import Foundation

/// Carries values from any thread to a handler on the main actor, in the order they
/// were sent.
///
/// A value sent on the main thread while nothing is waiting is handled at once;
/// otherwise it joins a queue that one hop to the main actor drains. While a tester
/// watches, the hop is handed to the ``WorkWatcher`` until it has run, so the tester
/// counts it as in flight and can run it at once.
@usableFromInline
final class MainActorInbox<Value>: PendingHop, @unchecked Sendable {
  // Sendable because `pending` and `hopScheduled` are read and written with `lock`
  // held, `hopDescription` never changes, and `handle` is only called on the main actor.
  private let lock = Lock()
  private var pending: [Value] = []
  private var hopScheduled = false
  /// The handler with its isolation cast away (see `init`), called only where the main
  /// actor is known to run: `MainActor.assumeIsolated` would need a closure capturing the
  /// value, which in this generic code is a heap box per value.
  private let handle: (Value) -> Void
  /// What a tester's message calls a value waiting here; `nil` when the inbox's owner
  /// describes it (a flow names its screens' reports).
  let hopDescription: String?
  /// The testers' scopes open in the task that made the inbox: the testers that count its
  /// hops as their test's work in flight.
  let owners: [WatchScope]

  @usableFromInline
  init(describedAs hopDescription: String? = nil, handler: @escaping @MainActor (Value) -> Void) {
    self.hopDescription = hopDescription
    owners = Instrumentation.watcher?.scopesOfCurrentWork() ?? []
    // A synchronous function's isolation is not part of its representation, so the cast
    // only changes the type. Cast inside structs: a function cast on its own would be
    // wrapped in two conversion closures, allocated here and run on every call.
    handle = unsafeBitCast(IsolatedHandler(call: handler), to: UncheckedHandler.self).call
  }

  private struct IsolatedHandler { let call: @MainActor (Value) -> Void }
  private struct UncheckedHandler { let call: (Value) -> Void }

  @usableFromInline
  func send(_ value: Value) {
    lock.lock()
    if MainActorCheck.isOnMainActor, !hopScheduled {
      lock.unlock()
      // Handled right here, on the main thread that sent it.
      handle(value)
      return
    }
    pending.append(value)
    let needsHop = !hopScheduled
    hopScheduled = true
    lock.unlock()
    if needsHop {
      // Registered before the hop is scheduled: the sender (a call that hands its value
      // on, then ends) is not done until the tester can count the value.
      Instrumentation.watcher?.scheduled(self)
      Task { @MainActor in self.drain() }
    }
  }

  /// Whether values wait for the hop to the main actor.
  var hasPending: Bool { lock.withLock { !pending.isEmpty } }

  var hasPendingValues: Bool { hasPending }

  /// Always: the hop only hands values to a handler on the main actor.
  var isRunnableNow: Bool { true }

  /// Handles, now, the values still waiting for the hop (the hop then finds none).
  @MainActor
  func drainNow() {
    drain()
  }

  @MainActor
  func runNow() {
    drain()
  }

  @MainActor
  private func drain() {
    while true {
      lock.lock()
      if pending.isEmpty {
        let wasScheduled = hopScheduled
        hopScheduled = false
        lock.unlock()
        if wasScheduled { Instrumentation.watcher?.ran(self) }
        return
      }
      let values = pending
      pending.removeAll()
      lock.unlock()
      for value in values {
        handle(value)
      }
    }
  }
}
