/// A relay that sends each accepted value to the subscribers it has at that moment.
///
/// It plays the part of RxRelay's `PublishRelay` and of Combine's `PassthroughSubject`
/// with `Failure == Never`, except that it can never be completed: a relay lives as long
/// as the screen that owns it. A subscriber with no outstanding demand misses the value,
/// as with `PassthroughSubject`.
///
/// ```swift
/// let search = PublishRelay<String>()
/// let cancellable = search.sink { print("query:", $0) }
/// search.accept("swift")   // prints "query: swift"
/// ```
///
/// Values are delivered with the relay's lock held: one value at a time, in order, and
/// `sink` costs one lock and a call.
public final class PublishRelay<Element>: Relay, RelayStorage {
  public typealias Output = Element
  public typealias Failure = Never

  @usableFromInline let lock = Lock(recursive: true)
  // Guarded by `lock`.
  @usableFromInline var observers = RelayObservers<Element>()

  /// Creates a relay with no subscribers.
  public init() {}

  /// Sends `element` to every current subscriber, in the order they subscribed.
  @inlinable
  public func accept(_ element: Element) {
    lock.lock()
    deliver(element)
    lock.unlock()
  }

  /// Calls `receiveValue` with every value accepted from now on, until the returned
  /// cancellable is cancelled or released. The fast way to observe a relay: no Combine
  /// subscriber in between.
  ///
  /// ```swift
  /// search.sink { print($0) }.store(in: bag)
  /// ```
  public func sink(receiveValue: @escaping (Element) -> Void) -> AnyCancellable {
    let observer = ClosureObserver(receiveValue)
    attach(observer)
    return observer.cancellable(lockedBy: lock)
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Element, Downstream.Failure == Never {
    let subscription = RelaySubscription(downstream: subscriber, lock: lock, replaying: nil)
    attach(subscription)
    subscriber.receive(subscription: subscription)
  }
}

// Every mutable stored property is guarded by `lock`.
extension PublishRelay: @unchecked Sendable where Element: Sendable {}
