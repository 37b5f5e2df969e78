/// What a session file says about itself, in its header lines.
///
/// ```swift
/// SessionFormat.schemaVersion  // 1
/// ```
public enum SessionFormat {
  /// The version of the line format this library writes, and the newest it reads.
  public static let schemaVersion = 1
  /// The version of Uniflow that wrote a session, for the reader's information.
  public static let libraryVersion = "0.1.0"
}

/// Where a recorded mutation came from.
///
/// ```swift
/// if recorded.source == .mutate { … }  // reproduced by calling `mutate` again
/// ```
public enum MutationSource: String, Sendable, Codable {
  /// The `.just` or `.sequence` effect that `mutate` returned for the action before it.
  case mutate
  /// An asynchronous effect: a publisher, a `run`, a `concat` or `merge` of them.
  case effect
  /// From outside the reactor: its ``Reactor/globalEvents``, or its `transform(mutation:)`
  /// hook's own publisher (a service's events, say). A mutation that waited in line while
  /// a state was delivered is marked so too, whatever its origin.
  case hook
}
