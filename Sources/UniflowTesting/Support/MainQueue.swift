import Dispatch

/// Tells, without trapping, whether code runs on the main queue: the main actor's
/// executor. A `deinit` runs wherever the last reference went, and `Thread.isMainThread`
/// cannot tell (on Linux the main queue may be served by another thread).
@usableFromInline
enum MainQueue {
  private static let key = DispatchSpecificKey<Bool>()

  /// Marks the main queue, so that ``isCurrent`` can recognise it. Idempotent.
  @usableFromInline
  static func mark() {
    DispatchQueue.main.setSpecific(key: key, value: true)
  }

  /// Whether the caller runs on the main queue (once ``mark()`` has been called).
  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
