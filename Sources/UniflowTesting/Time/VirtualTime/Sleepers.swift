/// The tasks asleep on a test clock, each until its deadline: what ``TestClock`` and
/// ``ExploreClock`` share. A value the clock keeps under its own lock; the continuations it
/// hands back are resumed by the clock, with the lock released.
///
/// ```swift
/// let number = sleepers.nextNumber()
/// sleepers.add(number: number, deadline: deadline, continuation: continuation, tag: queue)
/// sleepers.takeFirst(until: now)?.continuation.resume()
/// ```
struct Sleepers<Instant: Comparable, Tag> {
  /// One sleeping task.
  struct Sleeper {
    /// Its place in the order of sleeps: the earlier of two equal deadlines wakes first.
    let number: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
    /// What the clock keeps beside it (the tester's effect queue it slept on, say).
    let tag: Tag
  }

  private var sleeping: [Sleeper] = []
  private var lastNumber: UInt64 = 0

  /// Whether nobody sleeps.
  var isEmpty: Bool { sleeping.isEmpty }

  /// How many sleep.
  var count: Int { sleeping.count }

  /// The earliest deadline anybody sleeps until.
  var earliestDeadline: Instant? { sleeping.map(\.deadline).min() }

  /// A number for the next sleep.
  mutating func nextNumber() -> UInt64 {
    lastNumber &+= 1
    return lastNumber
  }

  mutating func add(
    number: UInt64, deadline: Instant, continuation: CheckedContinuation<Void, any Error>,
    tag: Tag
  ) {
    sleeping.append(
      Sleeper(number: number, deadline: deadline, continuation: continuation, tag: tag))
  }

  /// Takes out the sleeper of sleep `number`, when it still sleeps (its task was cancelled).
  mutating func remove(number: UInt64) -> Sleeper? {
    guard let index = sleeping.firstIndex(where: { $0.number == number }) else { return nil }
    return sleeping.remove(at: index)
  }

  /// Takes out the earliest sleeper due by `instant`, the first to sleep among equals.
  mutating func takeFirst(until instant: Instant) -> Sleeper? {
    let due = sleeping.indices.filter { sleeping[$0].deadline <= instant }
    guard let first = due.min(by: { isEarlier(sleeping[$0], than: sleeping[$1]) }) else {
      return nil
    }
    return sleeping.remove(at: first)
  }

  /// Takes out every sleeper due by `instant`, earliest first.
  mutating func takeAll(until instant: Instant) -> [Sleeper] {
    let due = sleeping.filter { $0.deadline <= instant }.sorted(by: isEarlier)
    sleeping.removeAll { $0.deadline <= instant }
    return due
  }

  private func isEarlier(_ one: Sleeper, than other: Sleeper) -> Bool {
    (one.deadline, one.number) < (other.deadline, other.number)
  }
}

// A clock keeps its sleepers behind a lock (`Locked`), which is Sendable when they are.
extension Sleepers: Sendable where Instant: Sendable, Tag: Sendable {}
extension Sleepers.Sleeper: Sendable where Instant: Sendable, Tag: Sendable {}
