import Synchronization

/// What watches the runtime's asynchronous work, when something does: the one seam between
/// the runtime and the testers and explorations of `UniflowTesting`, which keep their
/// registries, executors and counts on their side of it.
///
/// The runtime tells it, at the points where a tester or an exploration needs to know or
/// to decide: a hop to the main actor or a scheduler's work scheduled, delivering and done;
/// a `TaskPublisher` call started and ended; the executor an effect's task starts on. In an
/// app nothing is installed, and each of those points costs one atomic load
/// (``Instrumentation/watcher``).
///
/// ```swift
/// // UniflowTesting, the first time a tester or an exploration starts:
/// Instrumentation.install { InFlightWatcher() }
/// // The runtime, where a hop is scheduled:
/// Instrumentation.watcher?.scheduled(inbox)
/// ```
package protocol WorkWatcher: AnyObject, Sendable {
  /// The scopes that work made now belongs to: those of the testers open in the current
  /// task, and those of the counted work whose delivery runs now. Empty when none counts it.
  func scopesOfCurrentWork() -> [WatchScope]
  /// Whether a hop scheduled now would be counted: some tester watches.
  var watchesHops: Bool { get }
  /// Notes a hop that has just been scheduled.
  func scheduled(_ hop: any PendingHop)
  /// Notes that a scheduler's work starts to deliver.
  func started(_ hop: any PendingHop)
  /// Notes that `hop` has nothing left to carry: it ran, or it was cancelled.
  func ran(_ hop: any PendingHop)
  /// Counts a call that starts now; `nil` when no scope counts it.
  func beganCall(site: String, cancel: @escaping @Sendable () -> Void) -> CallToken?
  /// Stops counting a call: it answered, failed or was cancelled.
  func endedCall(_ token: CallToken)
  /// Runs `body` as the delivery of work counted in `scopes`: what it schedules in turn is
  /// counted in them too.
  func delivering<Result>(for scopes: [WatchScope], _ body: () throws -> Result) rethrows
    -> Result
  /// The executor of the exploration that the current task belongs to, if any: effects and
  /// calls started now run their jobs there.
  @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
  var explorationExecutor: (any TaskExecutor)? { get }
}

/// A tester's scope: the work started from its task while it is open. The runtime only
/// carries it (a hop's owners, a call's token); `UniflowTesting` opens and closes it.
package struct WatchScope: Hashable, Sendable {
  /// The key of the task the scope was opened in.
  package let task: Int
  /// The scope's own number: a task's key may be reused once the task ends.
  package let number: UInt64

  package init(task: Int, number: UInt64) {
    self.task = task
    self.number = number
  }
}

/// A counted call's place in every scope that counts it.
package struct CallToken: Sendable {
  /// The call's number among the watcher's calls.
  package let number: UInt64
  /// The scopes that count the call.
  package let scopes: [WatchScope]

  package init(number: UInt64, scopes: [WatchScope]) {
    self.number = number
    self.scopes = scopes
  }
}

/// Where the runtime finds its ``WorkWatcher``: installed once, by `UniflowTesting`,
/// and never removed (the watcher itself knows whether a tester watches now).
package enum Instrumentation {
  /// The installed watcher; `nil` in an app. One atomic load.
  @inline(__always)
  package static var watcher: (any WorkWatcher)? {
    if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) {
      // A word, not a reference: the standard library's atomic reference is generic code
      // that is not inlined, which cost an app 400 instructions a hop.
      let address = AtomicSlot.address.load(ordering: .acquiring)
      guard address != 0, let pointer = UnsafeRawPointer(bitPattern: address) else {
        return nil
      }
      return Unmanaged<WatcherBox>.fromOpaque(pointer).takeUnretainedValue().watcher
    }
    return lockedSlot.withLock { $0?.watcher }
  }

  /// Installs the watcher `make` builds, unless one is installed already; returns the
  /// one installed.
  @discardableResult
  package static func install(_ make: () -> any WorkWatcher) -> any WorkWatcher {
    if let watcher { return watcher }
    let box = WatcherBox(make())
    if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) {
      // The slot keeps the box for the life of the process: retained here, never released.
      let retained = Unmanaged.passRetained(box)
      let address = UInt(bitPattern: retained.toOpaque())
      let (stored, found) = AtomicSlot.address.compareExchange(
        expected: 0, desired: address, ordering: .acquiringAndReleasing)
      if stored { return box.watcher }
      // Another thread installed one first: that one stays.
      retained.release()
      guard let pointer = UnsafeRawPointer(bitPattern: found) else { return box.watcher }
      return Unmanaged<WatcherBox>.fromOpaque(pointer).takeUnretainedValue().watcher
    }
    return lockedSlot.withLock { slot in
      let kept = slot ?? box
      slot = kept
      return kept.watcher
    }
  }

  /// Runs `body` as the delivery of work counted in `scopes` (see
  /// ``WorkWatcher/delivering(for:_:)``); just runs it when none counts it.
  @inline(__always)
  package static func delivering<Result>(
    for scopes: [WatchScope], _ body: () throws -> Result
  ) rethrows -> Result {
    guard !scopes.isEmpty, let watcher else { return try body() }
    return try watcher.delivering(for: scopes, body)
  }

  /// The slot on systems with atomics in the standard library: the address of the
  /// installed watcher's box, 0 while none is.
  @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
  private enum AtomicSlot {
    static let address = Atomic<UInt>(0)
  }

  /// The slot on earlier Apple systems, where reading it takes a lock.
  private static let lockedSlot = Locked<WatcherBox?>(nil)
}

/// The watcher in a class, so that the slot holds one word.
private final class WatcherBox: Sendable {
  let watcher: any WorkWatcher

  init(_ watcher: any WorkWatcher) {
    self.watcher = watcher
  }
}
