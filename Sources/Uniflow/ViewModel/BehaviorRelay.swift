/// A relay that holds a current value and replays it to each new subscriber.
///
/// It plays the part of RxRelay's `BehaviorRelay` and of Combine's `CurrentValueSubject`
/// with `Failure == Never`, and it never completes.
///
/// ```swift
/// let repositories = BehaviorRelay<[String]>(value: [])
/// let cancellable = repositories.sink { print($0) }   // prints "[]"
/// repositories.accept(["apple/swift"])                // prints "["apple/swift"]"
/// print(repositories.value)                           // ["apple/swift"]
/// ```
public final class BehaviorRelay<Element>: Relay, RelayStorage {
  public typealias Output = Element
  public typealias Failure = Never

  @usableFromInline let lock = Lock(recursive: true)
  // Guarded by `lock`.
  @usableFromInline var observers = RelayObservers<Element>()
  // Guarded by `lock`.
  @usableFromInline var current: Element

  /// Creates a relay holding `value`.
  public init(value: Element) {
    current = value
  }

  /// The current value.
  public var value: Element {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  /// Makes `element` the current value and sends it to every current subscriber.
  @inlinable
  public func accept(_ element: Element) {
    lock.lock()
    current = element
    deliver(element)
    lock.unlock()
  }

  /// Calls `receiveValue` with the current value, then with every new one, until the
  /// returned cancellable is cancelled or released; no Combine subscriber in between.
  ///
  /// ```swift
  /// count.sink { label.text = "\($0)" }.store(in: bag)
  /// ```
  public func sink(receiveValue: @escaping (Element) -> Void) -> AnyCancellable {
    let observer = ClosureObserver(receiveValue)
    lock.lock()
    // Under the lock, so that no value can come between the current one and the next.
    receiveValue(current)
    observers.add(observer)
    lock.unlock()
    return observer.cancellable(lockedBy: lock)
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Element, Downstream.Failure == Never {
    lock.lock()
    let subscription = RelaySubscription(downstream: subscriber, lock: lock, replaying: current)
    observers.add(subscription)
    lock.unlock()
    subscriber.receive(subscription: subscription)
  }
}

// Every mutable stored property is guarded by `lock`.
extension BehaviorRelay: @unchecked Sendable where Element: Sendable {}
