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

  /// Calls `receiveValue` with each value, until the returned cancellable is cancelled
  /// or released. Uniflow's relays answer without a Combine subscriber in between.
  func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable
}

extension Relay {
  /// Subscribes a Combine `Sink`: the way for relays other than Uniflow's own.
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Never>(
      receiveCompletion: { _ in }, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}
