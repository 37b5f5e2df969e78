/// The internal state of a stream, usually relays that the logic writes and the output
/// exposes.
///
/// ```swift
/// struct State: StateType {
///   let repositories = BehaviorRelay<[Repository]>(value: [])
/// }
/// ```
public protocol StateType {}
