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
/// Where a type's state is all behind one lock, hold it in a ``Locked`` instead, which owns
/// the state and lets nothing reach it without the lock. `Lock` is for what `Locked` cannot
/// do: a lock taken in one call and released in another, or one that guards state spread
/// over a type's own stored properties for speed.
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
  let storage: LockedStorage<Void>

  /// Creates a lock; a `recursive` one may be taken again by the thread holding it.
  public init(recursive: Bool = false) {
    storage = LockedStorage.make((), recursive: recursive)
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

/// A value that only one thread at a time can read or change: it lives in the same heap
/// object as Uniflow's lock (``Lock``), and ``withLock(_:)`` is the only way to it. A
/// `Locked` of a `Sendable` value is `Sendable`, so a type whose mutable state is all in one
/// needs no `@unchecked Sendable` of its own: the compiler checks it.
///
/// ```swift
/// final class Tally: Sendable {
///   private let counts = Locked([String: Int]())
///
///   func count(_ word: String) { counts.withLock { $0[word, default: 0] += 1 } }
///   func count(of word: String) -> Int { counts.withLock { $0[word] ?? 0 } }
/// }
/// ```
///
/// Copies of a `Locked` share the one value and the one lock. Keep `body` short, and never
/// resume a continuation, call a subscriber or run the app's code from it: take what they
/// need out, and call them once `withLock` has returned.
public struct Locked<Value> {
  @usableFromInline
  let storage: LockedStorage<Value>

  /// Puts `value` behind a lock. The lock is not recursive: a `withLock` on the same value
  /// from inside `withLock`'s body waits for ever, as it would be a second access to the
  /// value while the first is changing it.
  public init(_ value: Value) {
    storage = LockedStorage.make(value, recursive: false)
  }

  /// Runs `body` on the value with the lock held, and returns what it returns.
  @inlinable
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try storage.withUnsafeMutablePointers { value, mutex in
      _ = pthread_mutex_lock(mutex)
      defer { _ = pthread_mutex_unlock(mutex) }
      return try body(&value.pointee)
    }
  }
}

// Sendable because the value is reached only through `withLock`, with the mutex held, and
// what goes in and out of it is itself Sendable.
extension Locked: @unchecked Sendable where Value: Sendable {}

/// The heap object behind ``Lock`` and ``Locked``: the guarded value as its header (nothing,
/// for a `Lock`), and one `pthread_mutex_t` as its element.
@usableFromInline
final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
  static func make(_ value: Value, recursive: Bool) -> LockedStorage {
    let buffer = create(minimumCapacity: 1) { _ in value }
    let storage = unsafeDowncast(buffer, to: LockedStorage.self)
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
