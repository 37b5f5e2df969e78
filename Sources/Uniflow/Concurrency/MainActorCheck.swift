import Dispatch
import Foundation

/// Tells whether the current code runs on the main actor, without crashing when it does
/// not (`MainActor.assumeIsolated` traps instead).
///
/// The main actor runs its jobs on the main dispatch queue. On Linux, once the process
/// calls `dispatchMain()` (as test runners do) that queue is drained by a worker thread,
/// so `Thread.isMainThread` alone is not enough: a queue-specific marker on the main queue
/// recognises those jobs too.
package enum MainActorCheck {
  private static let key = DispatchSpecificKey<UInt8>()

  private static let marked: Bool = {
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return true
  }()

  package static var isOnMainActor: Bool {
    _ = marked
    // The queue marker first: a thread-local read. `Thread.isMainThread` makes a system
    // call on Linux, so it is only asked when the marker is absent.
    return DispatchQueue.getSpecific(key: key) != nil || Thread.isMainThread
  }
}
