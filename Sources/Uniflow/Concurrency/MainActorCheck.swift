import Dispatch
import Foundation

#if !canImport(Darwin)
  /// libdispatch's own lookup of a queue-specific value. The overlay's
  /// `DispatchQueue.getSpecific(key:)` is generic and not inlined, so each call looks up the
  /// metadata of its box type (about 375 instructions); this is the C call under it, which
  /// the overlay makes with the key object's address as the key. Marked unavailable in
  /// Swift, so it is named by its symbol; a pointer in, a pointer out, which the Swift and C
  /// calling conventions pass alike.
  @_silgen_name("dispatch_get_specific")
  private func dispatchGetSpecific(_ key: UnsafeRawPointer) -> UnsafeMutableRawPointer?
#endif

/// Tells whether the current code runs on the main actor, without crashing when it does
/// not (`MainActor.assumeIsolated` traps instead).
///
/// The main actor runs its jobs on the main dispatch queue. On Linux, once the process
/// calls `dispatchMain()` (as test runners do) that queue is drained by a worker thread,
/// so `Thread.isMainThread` alone is not enough: a queue-specific marker on the main queue
/// recognises those jobs too.
package enum MainActorCheck {
  /// The marker's key, set on the main queue when it is first asked for: one lazy global,
  /// so a check pays one `swift_once` test, not one for the key and one for the marking.
  private static let key: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
  }()

  package static var isOnMainActor: Bool {
    // The queue marker first: a thread-local read. `Thread.isMainThread` makes a system
    // call on Linux, so it is only asked when the marker is absent.
    return hasMarker || Thread.isMainThread
  }

  /// Whether the current queue carries the main queue's marker.
  @inline(__always)
  private static var hasMarker: Bool {
    #if canImport(Darwin)
      return DispatchQueue.getSpecific(key: key) != nil
    #else
      return dispatchGetSpecific(UnsafeRawPointer(Unmanaged.passUnretained(key).toOpaque()))
        != nil
    #endif
  }
}
