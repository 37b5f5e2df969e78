/// The ``TaskPublisher`` calls in flight that testers watch. A tester opens a scope in the
/// task that made it (the test's), and a call started from that task (an input sent by the
/// test, a virtual-time scheduler it advanced) is counted in the scope until it answers or
/// is cancelled. So a stream's or a view model's work still running when the test ends is
/// reported, as a reactor's running effect is, and tests that run in parallel do not see
/// each other's.
///
/// A scope is the tester's own, not the task's: a task's address may be reused once it
/// ends, and a tester released late must not close the scope of the test that came after.
/// Nothing is counted while no tester watches: an app pays one lock per call, to find
/// that out.
///
/// ```swift
/// let scope = CallsInFlight.shared.openScope()   // a tester's init
/// CallsInFlight.shared.calls(in: scope)          // its finish: what still runs
/// ```
package final class CallsInFlight: @unchecked Sendable {
  // Sendable because `scopesByTask`, `calls` and `nextNumber` are only read and written
  // with `lock` held.

  /// One call in flight: where its publisher was made, and how to cancel it.
  package struct Call {
    package let site: String
    package let cancel: @Sendable () -> Void
  }

  /// A tester's scope: the calls started from its task while it is open.
  package struct Scope: Hashable, Sendable {
    fileprivate let task: Int
    fileprivate let number: UInt64
  }

  /// A call's place in every scope that counts it.
  struct Token {
    fileprivate let number: UInt64
    fileprivate let scopes: [Scope]
  }

  /// The registry every tester and every ``TaskPublisher`` use.
  package static let shared = CallsInFlight()

  private let lock = Lock()
  private var scopesByTask: [Int: Set<Scope>] = [:]
  private var calls: [Scope: [UInt64: Call]] = [:]
  private var nextNumber: UInt64 = 0

  /// The key of the task this runs in; `nil` outside a task.
  private static var currentTaskKey: Int? {
    withUnsafeCurrentTask { $0?.hashValue }
  }

  /// Opens a scope that counts the calls the current task starts from now on; `nil`
  /// outside a task, where nothing is counted.
  package func openScope() -> Scope? {
    guard let task = Self.currentTaskKey else { return nil }
    return lock.withLock {
      nextNumber &+= 1
      let scope = Scope(task: task, number: nextNumber)
      scopesByTask[task, default: []].insert(scope)
      return scope
    }
  }

  /// Closes `scope`: its calls are no longer counted.
  package func close(_ scope: Scope) {
    lock.withLock {
      scopesByTask[scope.task]?.remove(scope)
      if scopesByTask[scope.task]?.isEmpty == true { scopesByTask[scope.task] = nil }
      calls[scope] = nil
    }
  }

  /// Counts a call that starts now in the scopes open in the current task; returns what
  /// ``end(_:)`` takes when it answers, or `nil` when no scope counts it.
  func begin(site: String, cancel: @escaping @Sendable () -> Void) -> Token? {
    lock.lock()
    defer { lock.unlock() }
    guard !scopesByTask.isEmpty, let task = Self.currentTaskKey,
      let scopes = scopesByTask[task], !scopes.isEmpty
    else { return nil }
    nextNumber &+= 1
    let call = Call(site: site, cancel: cancel)
    for scope in scopes { calls[scope, default: [:]][nextNumber] = call }
    return Token(number: nextNumber, scopes: Array(scopes))
  }

  /// Stops counting a call: it answered, failed or was cancelled.
  func end(_ token: Token) {
    lock.withLock {
      for scope in token.scopes { _ = calls[scope]?.removeValue(forKey: token.number) }
    }
  }

  /// The calls still in flight in `scope`, oldest first.
  package func calls(in scope: Scope) -> [Call] {
    lock.withLock {
      (calls[scope] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
    }
  }
}
