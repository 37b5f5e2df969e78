#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The library's one lock: a pthread mutex stored in the same heap object as its
/// reference count, so a lock costs one allocation.
///
/// A `recursive` lock may be taken again by the thread that holds it; Uniflow uses it
/// where a subscriber is called while the lock is held and may call back in (to cancel,
/// to request more, or to send into the same relay).
@usableFromInline
struct Lock: @unchecked Sendable {
  // Sendable because the storage is the mutex itself, which is what synchronises.
  @usableFromInline
  let storage: LockStorage

  @usableFromInline
  init(recursive: Bool = false) {
    storage = LockStorage.make(recursive: recursive)
  }

  @inlinable
  func lock() { storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) } }

  @inlinable
  func unlock() { storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) } }

  /// Runs `body` with the lock held.
  @inlinable
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// The heap object behind ``Lock``: no header, one `pthread_mutex_t` as its element.
@usableFromInline
final class LockStorage: ManagedBuffer<Void, pthread_mutex_t> {
  static func make(recursive: Bool) -> LockStorage {
    let buffer = create(minimumCapacity: 1) { _ in () }
    let storage = unsafeDowncast(buffer, to: LockStorage.self)
    storage.withUnsafeMutablePointerToElements { mutex in
      var attributes = pthread_mutexattr_t()
      pthread_mutexattr_init(&attributes)
      if recursive {
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
      }
      let status = pthread_mutex_init(mutex, &attributes)
      precondition(status == 0, "pthread_mutex_init failed: \(status)")
      pthread_mutexattr_destroy(&attributes)
    }
    return storage
  }

  deinit {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
  }
}
