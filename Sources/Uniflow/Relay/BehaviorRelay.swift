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
public final class BehaviorRelay<Element>: Relay, ConduitOwner {
  public typealias Output = Element
  public typealias Failure = Never

  let lock = Lock()
  // Guarded by `lock`.
  var conduits: ContiguousArray<RelayConduit<Element>> = []
  // Guarded by `lock`.
  private var current: Element

  /// Creates a relay whose current value is `value`.
  public init(value: Element) {
    current = value
  }

  /// The value most recently accepted, or the initial value.
  public var value: Element {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  /// Makes `element` the current value and sends it to every current subscriber.
  public func accept(_ element: Element) {
    lock.lock()
    current = element
    let targets = conduits
    lock.unlock()
    for conduit in targets {
      conduit.deliver(element)
    }
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Element, Downstream.Failure == Never {
    lock.lock()
    let conduit = RelaySubscription(downstream: subscriber, owner: self, replaying: current)
    conduits.append(conduit)
    lock.unlock()
    subscriber.receive(subscription: conduit)
  }
}

// Every mutable stored property is guarded by `lock`.
extension BehaviorRelay: @unchecked Sendable where Element: Sendable {}
