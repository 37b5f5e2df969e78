/// The extra dependencies of a stream that needs none.
///
/// ```swift
/// typealias Extra = NoExtra
/// ```
public struct NoExtra: ExtraType, Sendable {
  /// Creates the empty set of dependencies.
  public init() {}
}
