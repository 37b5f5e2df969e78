/// The ``TaskPublisher`` calls in flight that testers watch. A tester opens a scope in the
/// task that made it (the test's), and a call started from that task (an input sent by the
/// test, a virtual-time scheduler it advanced) is counted in the scope until it answers or
/// is cancelled. So a stream's or a view model's work still running when the test ends is
/// reported, as a reactor's running effect is, and tests that run in parallel do not see
/// each other's.
///
/// A scope is the tester's own, not the task's: a task's address may be reused once it
/// ends, and a tester released late must not close the scope of the test that came after.
/// Nothing is counted while no tester watches: a test process pays one lock per call to
/// find that out; an app, where no tester installed the watcher, one atomic load.
///
/// ```swift
/// let scope = CallsInFlight.shared.openScope()   // a tester's init
/// CallsInFlight.shared.calls(in: scope)          // its finish: what still runs
/// ```
final class CallsInFlight: Sendable {

  /// One call in flight: where its publisher was made, and how to cancel it.
  struct Call: Sendable {
    let site: String
    let cancel: @Sendable () -> Void
  }

  /// A tester's scope: the calls started from its task while it is open.
  typealias Scope = WatchScope

  /// The registry every tester uses, and every `TaskPublisher` call through the runtime's
  /// watcher (``InFlightWatcher``).
  static let shared = CallsInFlight()

  /// The open scopes and their calls, all behind one lock.
  private struct Registry {
    var scopesByTask: [Int: Set<Scope>] = [:]
    var calls: [Scope: [UInt64: Call]] = [:]
    /// What each scope's tester asked to be called when one of its calls ends.
    var wakes: [Scope: @Sendable () -> Void] = [:]
    /// How many times a call of each scope started or ended (see ``changeCount(for:)``).
    var changes: [Scope: UInt64] = [:]
    var nextNumber: UInt64 = 0
  }

  private let registry = Locked(Registry())

  /// The key of the task this runs in; `nil` outside a task.
  private static var currentTaskKey: Int? {
    withUnsafeCurrentTask { $0?.hashValue }
  }

  /// Opens a scope that counts the calls the current task starts from now on; `nil`
  /// outside a task, where nothing is counted. `wake` is called, on the thread where it
  /// happens, each time one of the scope's calls ends: the tester looks again then rather
  /// than now and then.
  func openScope(wake: @escaping @Sendable () -> Void = {}) -> Scope? {
    guard let task = Self.currentTaskKey else { return nil }
    InFlightWatcher.install()
    return registry.withLock { registry in
      registry.nextNumber &+= 1
      let scope = Scope(task: task, number: registry.nextNumber)
      registry.scopesByTask[task, default: []].insert(scope)
      registry.wakes[scope] = wake
      return scope
    }
  }

  /// The scopes open in the current task, and those of the counted work whose delivery is
  /// running now (``withScopes(_:run:)``): what a hop to the main actor made now belongs
  /// to (see ``MainActorHops``). Empty, after one lock, while no tester watches.
  func scopesOfCurrentTask() -> [Scope] {
    let own: [Scope] = registry.withLock { registry in
      guard !registry.scopesByTask.isEmpty else { return [] }
      return Self.currentTaskKey.flatMap { registry.scopesByTask[$0] }.map(Array.init) ?? []
    }
    let inherited = Self.deliveringFor
    if inherited.isEmpty { return own }
    if own.isEmpty { return inherited }
    return own + inherited.filter { !own.contains($0) }
  }

  /// The scopes of the counted work whose delivery runs now, on this thread or in this
  /// task: a value that a counted call or a counted scheduler hands on belongs to the same
  /// testers, whatever thread it travels on.
  @TaskLocal private static var deliveringFor: [Scope] = []

  /// Runs `body` as the delivery of work counted in `scopes`: what it schedules in turn
  /// (a `receive(on:)` after a `delay`, a screen's report) is counted in them too. Outside
  /// a task the scopes are bound to the thread for the call.
  func withScopes<Result>(_ scopes: [Scope], run body: () throws -> Result) rethrows -> Result {
    if scopes.isEmpty { return try body() }
    return try Self.$deliveringFor.withValue(scopes, operation: body)
  }

  /// Closes `scope`: its calls are no longer counted.
  func close(_ scope: Scope) {
    registry.withLock { registry in
      registry.scopesByTask[scope.task]?.remove(scope)
      // Its hops' count goes with it (MainActorHops keeps it only while someone watches).
      if registry.scopesByTask[scope.task]?.isEmpty == true {
        registry.scopesByTask[scope.task] = nil
      }
      registry.calls[scope] = nil
      registry.wakes[scope] = nil
      registry.changes[scope] = nil
    }
  }

  /// Counts a call that starts now in the scopes open in the current task; returns what
  /// ``end(_:)`` takes when it answers, or `nil` when no scope counts it.
  func begin(site: String, cancel: @escaping @Sendable () -> Void) -> CallToken? {
    let scopes = scopesOfCurrentTask()
    guard !scopes.isEmpty else { return nil }
    let call = Call(site: site, cancel: cancel)
    return registry.withLock { registry in
      registry.nextNumber &+= 1
      for scope in scopes {
        registry.calls[scope, default: [:]][registry.nextNumber] = call
        registry.changes[scope, default: 0] &+= 1
      }
      return CallToken(number: registry.nextNumber, scopes: scopes)
    }
  }

  /// Stops counting a call: it answered, failed or was cancelled.
  func end(_ token: CallToken) {
    let toWake: [@Sendable () -> Void] = registry.withLock { registry in
      token.scopes.compactMap { scope in
        guard registry.calls[scope]?.removeValue(forKey: token.number) != nil else {
          return nil
        }
        registry.changes[scope, default: 0] &+= 1
        return registry.wakes[scope]
      }
    }
    for wake in toWake { wake() }
  }

  /// How many times a call of `scope` started or ended: a tester that reads the same
  /// number before and after looking at what is in flight knows that no call came or went
  /// while it looked (see ``MainActorHops/changeCount(for:)``).
  func changeCount(for scope: Scope) -> UInt64 {
    registry.withLock { $0.changes[scope] ?? 0 }
  }

  /// The calls still in flight in `scope`, oldest first.
  func calls(in scope: Scope) -> [Call] {
    registry.withLock { registry in
      (registry.calls[scope] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
    }
  }
}
