/// The state of a stream that keeps none.
///
/// ```swift
/// typealias State = NoState
/// ```
public struct NoState: StateType, Sendable {
  /// Creates the empty state.
  public init() {}
}
