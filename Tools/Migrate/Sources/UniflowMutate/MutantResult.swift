/// What became of one mutant.
///
/// ```swift
/// result.status   // .survived: no test noticed `state.taskMemo = memo` removed
/// ```
public struct MutantResult: Sendable, Codable, Equatable {
  /// The mutant's fate, in the words of Stryker's report schema.
  public enum Status: String, Sendable, Codable, CaseIterable {
    /// A test failed, or the test process crashed.
    case killed = "Killed"
    /// Every test passed with the mutant on.
    case survived = "Survived"
    /// The tests ran over ten times their time without it, and were stopped.
    case timedOut = "Timeout"
    /// The mutant could not be built, so no test ran.
    case compileError = "CompileError"
    /// A `// uniflow-mutate: ignore` comment kept it out.
    case ignored = "Ignored"

    /// Whether the tests noticed the mutant.
    public var isDetected: Bool { self == .killed || self == .timedOut }
    /// Whether the mutant counts in the score.
    public var counts: Bool { self == .killed || self == .timedOut || self == .survived }
  }

  public var mutant: Mutant
  public var status: Status
  /// Why: the failing tests, the signal, the ignore comment's reason, the compiler's error.
  public var reason: String
  /// The tests that failed with the mutant on: those that had failed when the run stopped at
  /// its first failure, or every one with `--all-failures`.
  public var killedBy: [String]
  /// The tests run against the mutant.
  public var ranTests: [String]
  /// Whether the mutant was built on its own, not in the build of all mutants.
  public var builtAlone: Bool
}
