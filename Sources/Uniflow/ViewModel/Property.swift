/// A read-only view of a ``BehaviorRelay``: its current value and its publisher, without
/// `accept(_:)`.
///
/// Outputs hand out a `Property` so that a screen can read and observe a value without
/// being able to change it.
///
/// ```swift
/// let relay = BehaviorRelay(value: 1)
/// let count = Property(relay)
/// print(count.value)                   // 1
/// let cancellable = count.sink { print($0) }
/// ```
public struct Property<Element>: Publisher {
  public typealias Output = Element
  public typealias Failure = Never

  private let relay: BehaviorRelay<Element>

  /// Creates a read-only view of `relay`.
  public init(_ relay: BehaviorRelay<Element>) {
    self.relay = relay
  }

  /// The relay's current value.
  public var value: Element { relay.value }

  /// Calls `receiveValue` with the current value, then with every new one; no Combine
  /// subscriber in between.
  ///
  /// ```swift
  /// stream.output.count.sink { label.text = "\($0)" }.store(in: bag)
  /// ```
  public func sink(receiveValue: @escaping (Element) -> Void) -> AnyCancellable {
    relay.sink(receiveValue: receiveValue)
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Element, Downstream.Failure == Never {
    relay.receive(subscriber: subscriber)
  }
}

extension Property: Sendable where Element: Sendable {}
