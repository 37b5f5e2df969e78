/// Why waiting for a publisher gave up.
public enum WaitError: Error, Equatable, CustomStringConvertible {
  /// The publisher did not finish (or, for a first value, emit) within `seconds`;
  /// `received` counts the values it did emit.
  case timeout(seconds: Double, received: Int)
  /// The publisher finished without emitting the value that was waited for.
  case noElements

  public var description: String {
    switch self {
    case .timeout(let seconds, let received):
      "Timed out after \(seconds) s having received \(received) value(s)"
    case .noElements:
      "The publisher finished without emitting a value"
    }
  }
}
