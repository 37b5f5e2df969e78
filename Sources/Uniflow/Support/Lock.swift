#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Uniflow's one lock: a pthread mutex stored in the same heap object as its reference
/// count, so a lock costs one allocation. Public so that the testing tools and the
/// example apps use this lock too, rather than a second kind.
///
/// A `recursive` lock may be taken again by the thread that holds it; Uniflow uses it
/// where a subscriber is called while the lock is held and may call back in (to cancel,
/// to request more, or to send into the same relay).
///
/// ```swift
/// final class Counter: @unchecked Sendable {
///   // Sendable because `value` is only touched with `lock` held.
///   private let lock = Lock()
///   private var value = 0
///   func increment() { lock.withLock { value += 1 } }
/// }
/// ```
public struct Lock: @unchecked Sendable {
  // Sendable because the storage is the mutex itself, which is what synchronises.
  @usableFromInline
  let storage: LockStorage

  /// Creates a lock; a `recursive` one may be taken again by the thread holding it.
  public init(recursive: Bool = false) {
    storage = LockStorage.make(recursive: recursive)
  }

  /// Takes the lock, waiting while another thread holds it.
  @inlinable
  public func lock() { storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) } }

  /// Releases the lock.
  @inlinable
  public func unlock() {
    storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) }
  }

  /// Runs `body` with the lock held.
  @inlinable
  public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
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
