/// The order in which a reactor does its work: one unit at a time, and what arrives
/// during a unit waits in line behind it.
///
/// A pure value with no threads and no reactor, so its rules can be tested on their own;
/// ``ReactorRuntime`` owns one and runs the work it hands out.
///
/// ```swift
/// var queue = WorkQueue<Int>()
/// queue.begin()            // true: nothing was running, the caller runs its unit now
/// queue.begin()            // false: a unit is running, so…
/// queue.push(2)            // …its work waits
/// queue.next()             // 2
/// queue.next()             // nil: the line is empty
/// queue.end()
/// ```
@usableFromInline
struct WorkQueue<Work> {
  /// Whether a unit of work is running.
  @usableFromInline private(set) var isBusy = false
  @usableFromInline var waiting: [Work] = []
  @usableFromInline var head = 0

  @usableFromInline
  init() {}

  /// Starts a unit of work; `false` when one is already running (then push the work).
  @inlinable
  mutating func begin() -> Bool {
    if isBusy { return false }
    isBusy = true
    return true
  }

  /// Whether work waits in line.
  @inlinable
  var hasWaiting: Bool { head < waiting.count }

  /// Puts `work` at the end of the line.
  mutating func push(_ work: Work) {
    waiting.append(work)
  }

  /// The next waiting work, oldest first, or `nil` when the line is empty.
  mutating func next() -> Work? {
    guard head < waiting.count else {
      if head > 0 {
        waiting.removeAll(keepingCapacity: true)
        head = 0
      }
      return nil
    }
    defer { head += 1 }
    return waiting[head]
  }

  /// Ends the unit of work; call once ``next()`` has returned `nil`.
  @inlinable
  mutating func end() {
    isBusy = false
  }
}
