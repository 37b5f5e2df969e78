#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The library's one lock: a pthread mutex stored inline in a single heap object.
///
/// A `recursive` lock may be taken again by the thread that holds it; Uniflow uses it
/// where a subscriber is called while the lock is held and may call back in (to cancel,
/// to request more, or to send into the same relay).
@usableFromInline
final class Lock: @unchecked Sendable {
  // Sendable because the mutex is the synchronisation primitive itself; the storage
  // pointer never changes after init.
  @usableFromInline
  let mutex: UnsafeMutablePointer<pthread_mutex_t>

  @usableFromInline
  init(recursive: Bool = false) {
    mutex = .allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    if recursive {
      pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    }
    let status = pthread_mutex_init(mutex, &attributes)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  @inlinable
  func lock() { pthread_mutex_lock(mutex) }

  @inlinable
  func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` with the lock held.
  @inlinable
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
