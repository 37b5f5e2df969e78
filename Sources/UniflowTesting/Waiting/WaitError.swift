import Foundation

/// Why waiting for a publisher gave up.
///
/// ```swift
/// #expect(throws: WaitError.noElements) { try Empty<Int, Never>().toBlocking().first() }
/// ```
public enum WaitError: Error, Equatable, CustomStringConvertible, LocalizedError {
  /// The publisher did not finish (or, for a first value, emit) within `seconds`;
  /// `received` counts the values it did emit.
  case timeout(seconds: Double, received: Int)
  /// The publisher finished without emitting the value that was waited for.
  case noElements

  public var description: String {
    switch self {
    case .timeout(let seconds, let received):
      "Timed out after \(seconds) s having received \(received) value(s); a blocking wait on the main thread stops what the main queue would deliver, so await it there (awaitValues(timeout:))"
    case .noElements:
      "The publisher finished without emitting a value"
    }
  }

  /// The description, which XCTest prints for a thrown error.
  public var errorDescription: String? { description }
}
