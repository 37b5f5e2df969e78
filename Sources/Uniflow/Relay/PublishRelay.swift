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
public final class PublishRelay<Element>: Relay, ConduitOwner {
  public typealias Output = Element
  public typealias Failure = Never

  let lock = Lock()
  // Guarded by `lock`.
  var conduits: ContiguousArray<RelayConduit<Element>> = []

  /// Creates a relay with no subscribers.
  public init() {}

  /// Sends `element` to every current subscriber, in the order they subscribed.
  public func accept(_ element: Element) {
    lock.lock()
    let targets = conduits
    lock.unlock()
    for conduit in targets {
      conduit.deliver(element)
    }
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Element, Downstream.Failure == Never {
    let conduit = RelaySubscription(downstream: subscriber, owner: self, replaying: nil)
    attach(conduit)
    subscriber.receive(subscription: conduit)
  }
}

// Every mutable stored property is guarded by `lock`.
extension PublishRelay: @unchecked Sendable where Element: Sendable {}
