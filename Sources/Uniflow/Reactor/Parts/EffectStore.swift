/// The running effects of one reactor: Combine subscriptions and tasks, by token and by
/// cancellation id. Releasing the store cancels everything in it, so a reactor's effects
/// end with the reactor.
@usableFromInline
final class EffectStore: @unchecked Sendable {
  // Sendable because every mutable property is read and written with `lock` held.
  private let lock = Lock()
  private var nextToken: UInt64 = 0
  private var running: [UInt64: Running] = [:]
  private var tokensByID: [AnyHashable: Set<UInt64>] = [:]
  private var idsByToken: [UInt64: [AnyHashable]] = [:]
  /// The `run` tasks whose operation has not returned, cancelled or not. A counter of
  /// its own, so that a task can count itself out without holding the store: whoever lets
  /// go of the store last cancels its effects, and that must be the main actor.
  let liveTasks = TaskCounter()

  enum Running {
    case starting
    case subscription(AnyCancellable)
    case task(Task<Void, Never>)

    func cancel() {
      switch self {
      case .starting: break
      case .subscription(let cancellable): cancellable.cancel()
      case .task(let task): task.cancel()
      }
    }
  }

  /// The number of effects still running.
  var count: Int { lock.withLock { running.count } }

  /// The ids of each running effect, oldest first.
  var runningIDs: [[AnyHashable]] {
    lock.withLock { running.keys.sorted().map { idsByToken[$0] ?? [] } }
  }

  /// The number of running effects marked with `id`.
  func count(id: AnyHashable) -> Int {
    lock.withLock { tokensByID[id]?.count ?? 0 }
  }

  /// Registers an effect that is about to start, marked with `ids`.
  func reserve(ids: [AnyHashable]) -> UInt64 {
    lock.withLock {
      nextToken &+= 1
      running[nextToken] = .starting
      if !ids.isEmpty {
        idsByToken[nextToken] = ids
        for id in ids { tokensByID[id, default: []].insert(nextToken) }
      }
      return nextToken
    }
  }

  /// Stores what to cancel for `token`. Returns `false` (and the caller cancels it) when
  /// the effect already finished or was cancelled while it started.
  func attach(_ work: Running, to token: UInt64) -> Bool {
    lock.withLock {
      guard running[token] != nil else { return false }
      running[token] = work
      return true
    }
  }

  /// Whether `token` is still running (not finished, not cancelled).
  func isRunning(_ token: UInt64) -> Bool {
    lock.withLock { running[token] != nil }
  }

  /// Forgets `token` because it finished. Returns whether it was still running.
  func finish(_ token: UInt64) -> Bool {
    lock.withLock { remove(token) != nil }
  }

  /// Cancels every running effect marked with `id`.
  func cancel(id: AnyHashable) {
    let cancelled = lock.withLock {
      (tokensByID[id] ?? []).compactMap { remove($0) }
    }
    for work in cancelled { work.cancel() }
  }

  /// Cancels every running effect.
  func cancelAll() {
    let cancelled = lock.withLock {
      defer {
        running.removeAll()
        tokensByID.removeAll()
        idsByToken.removeAll()
      }
      return Array(running.values)
    }
    for work in cancelled { work.cancel() }
  }

  deinit {
    for work in running.values { work.cancel() }
  }

  /// Removes `token` everywhere; call with `lock` held.
  private func remove(_ token: UInt64) -> Running? {
    guard let work = running.removeValue(forKey: token) else { return nil }
    for id in idsByToken.removeValue(forKey: token) ?? [] {
      tokensByID[id]?.remove(token)
      if tokensByID[id]?.isEmpty == true { tokensByID[id] = nil }
    }
    return work
  }
}

/// How many `run` tasks have started and not yet returned; a task counts itself in before
/// it starts and out when its operation returns, cancelled or not. A cancelled task that
/// goes on (a loop that never checks for cancellation) stays counted.
final class TaskCounter: @unchecked Sendable {
  // Sendable because `count` is only read and written with `lock` held.
  private let lock = Lock()
  private var count = 0

  /// The tasks counted in and not yet out.
  var value: Int { lock.withLock { count } }

  func began() { lock.withLock { count += 1 } }

  func ended() { lock.withLock { count -= 1 } }
}
