/// A publisher that is fed by calling ``accept(_:)`` and that never fails or completes.
///
/// ``PublishRelay`` and ``BehaviorRelay`` are the two relays; both are safe to call from
/// any thread and deliver to each subscriber one value at a time.
///
/// ```swift
/// let taps = PublishRelay<Void>()
/// let cancellable = taps.sink { print("tapped") }
/// taps.accept(())
/// ```
public protocol Relay<Output>: AnyObject, Publisher where Failure == Never {
  /// Sends `element` to every current subscriber.
  func accept(_ element: Output)
}
