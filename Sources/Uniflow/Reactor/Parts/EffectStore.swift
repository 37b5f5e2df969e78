/// The running effects of one reactor: Combine subscriptions and tasks, by token and by
/// cancellation id. Releasing the store cancels everything in it, so a reactor's effects
/// end with the reactor.
@usableFromInline
final class EffectStore: @unchecked Sendable {
  // Unchecked because `AnyCancellable` is not Sendable on every platform: the effects are
  // reached only through `effects`' lock, and cancelled with it released.
  private let effects = Locked(Effects())
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

  /// The effects by token, and their ids both ways.
  private struct Effects {
    var nextToken: UInt64 = 0
    var running: [UInt64: Running] = [:]
    var tokensByID: [AnyHashable: Set<UInt64>] = [:]
    var idsByToken: [UInt64: [AnyHashable]] = [:]

    /// Removes `token` everywhere.
    mutating func remove(_ token: UInt64) -> Running? {
      guard let work = running.removeValue(forKey: token) else { return nil }
      for id in idsByToken.removeValue(forKey: token) ?? [] {
        tokensByID[id]?.remove(token)
        if tokensByID[id]?.isEmpty == true { tokensByID[id] = nil }
      }
      return work
    }
  }

  /// The number of effects still running.
  var count: Int { effects.withLock { $0.running.count } }

  /// The ids of each running effect, oldest first.
  var runningIDs: [[AnyHashable]] {
    effects.withLock { effects in
      effects.running.keys.sorted().map { effects.idsByToken[$0] ?? [] }
    }
  }

  /// The number of running effects marked with `id`.
  func count(id: AnyHashable) -> Int {
    effects.withLock { $0.tokensByID[id]?.count ?? 0 }
  }

  /// Registers an effect that is about to start, marked with `ids`.
  func reserve(ids: [AnyHashable]) -> UInt64 {
    effects.withLock { effects in
      effects.nextToken &+= 1
      let token = effects.nextToken
      effects.running[token] = .starting
      if !ids.isEmpty {
        effects.idsByToken[token] = ids
        for id in ids { effects.tokensByID[id, default: []].insert(token) }
      }
      return token
    }
  }

  /// Stores what to cancel for `token`. Returns `false` (and the caller cancels it) when
  /// the effect already finished or was cancelled while it started.
  func attach(_ work: Running, to token: UInt64) -> Bool {
    effects.withLock {
      guard $0.running[token] != nil else { return false }
      $0.running[token] = work
      return true
    }
  }

  /// Whether `token` is still running (not finished, not cancelled).
  func isRunning(_ token: UInt64) -> Bool {
    effects.withLock { $0.running[token] != nil }
  }

  /// Forgets `token` because it finished. Returns whether it was still running.
  func finish(_ token: UInt64) -> Bool {
    effects.withLock { $0.remove(token) != nil }
  }

  /// Cancels every running effect marked with `id`.
  func cancel(id: AnyHashable) {
    let cancelled = effects.withLock { effects in
      (effects.tokensByID[id] ?? []).compactMap { effects.remove($0) }
    }
    for work in cancelled { work.cancel() }
  }

  /// Cancels every running effect.
  func cancelAll() {
    let cancelled = effects.withLock { effects in
      defer { effects = Effects(nextToken: effects.nextToken) }
      return Array(effects.running.values)
    }
    for work in cancelled { work.cancel() }
  }

  deinit {
    for work in effects.withLock({ $0.running.values }) { work.cancel() }
  }
}

/// How many `run` tasks have started and not yet returned; a task counts itself in before
/// it starts and out when its operation returns, cancelled or not. A cancelled task that
/// goes on (a loop that never checks for cancellation) stays counted.
final class TaskCounter: Sendable {
  private let count = Locked(0)

  /// The tasks counted in and not yet out.
  var value: Int { count.withLock { $0 } }

  func began() { count.withLock { $0 += 1 } }

  func ended() { count.withLock { $0 -= 1 } }
}
