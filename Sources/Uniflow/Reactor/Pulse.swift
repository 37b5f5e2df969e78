/// A state value that is delivered again every time it is assigned, even when the new
/// value equals the old one: alerts, toasts, one-off navigation.
///
/// Observe it with ``Reactor/pulse(_:)``; other state changes do not re-deliver it.
///
/// ```swift
/// struct State {
///   @Pulse var alertMessage: String?
/// }
///
/// reactor.pulse(\.$alertMessage)
///   .compactMap { $0 }
///   .sink { showAlert($0) }
/// ```
@propertyWrapper
public struct Pulse<Value> {
  /// The current value.
  public var value: Value {
    didSet { valueUpdatedCount &+= 1 }
  }

  /// How many times the value has been assigned; a pulse is delivered when it changes.
  public private(set) var valueUpdatedCount: UInt = 0

  /// Creates a pulse holding `wrappedValue`; it has not been assigned yet.
  public init(wrappedValue: Value) {
    value = wrappedValue
  }

  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }

  /// The pulse itself, for ``Reactor/pulse(_:)``: `\.$alertMessage`.
  public var projectedValue: Pulse<Value> { self }
}

extension Pulse: Equatable where Value: Equatable {}
extension Pulse: Hashable where Value: Hashable {}
extension Pulse: Sendable where Value: Sendable {}

// Codable with its count, so that a recorded state replays to an equal one (see
// `Reactor.record(into:redacting:)`): `{"value": …, "valueUpdatedCount": 3}`.
extension Pulse: Encodable where Value: Encodable {
  /// Writes the value and how many times it has been assigned.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value, forKey: .value)
    try container.encode(valueUpdatedCount, forKey: .valueUpdatedCount)
  }
}

extension Pulse: Decodable where Value: Decodable {
  /// Reads the value and how many times it had been assigned.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    value = try container.decode(Value.self, forKey: .value)
    valueUpdatedCount = try container.decode(UInt.self, forKey: .valueUpdatedCount)
  }
}

extension Pulse {
  fileprivate enum CodingKeys: String, CodingKey {
    case value, valueUpdatedCount
  }
}

extension Reactor {
  /// The values assigned to the pulse at `keyPath`, one per assignment, from the next
  /// assignment on.
  ///
  /// ```swift
  /// reactor.pulse(\.$alertMessage).compactMap { $0 }.sink { showAlert($0) }
  /// ```
  public func pulse<Value>(_ keyPath: KeyPath<State, Pulse<Value>>)
    -> AnyPublisher<Value, Never>
  {
    state
      .map(keyPath)
      .removeDuplicates { $0.valueUpdatedCount == $1.valueUpdatedCount }
      .dropFirst()
      .map { $0.value }
      .eraseToAnyPublisher()
  }
}
