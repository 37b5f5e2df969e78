/// What an exploration found wrong after a step: one of the user's invariants, or one of
/// the rules every screen keeps.
///
/// ```swift
/// if case .invariant(let message)? = report.failure { print(message) }
/// ```
public enum ExploreFailure: Error, Equatable, CustomStringConvertible, Sendable {
  /// The exploration's invariant threw (its error's description).
  case invariant(String)
  /// Something reported an issue: a flow's misuse (a pop past the stack, a report from a
  /// screen that left), or a library rule.
  case issue(String)
  /// The screen was not freed once the exploration let go of it, with what still held it.
  case leaked(String)
  /// Work was still running once the screen had been let go of and everything waiting had
  /// run: an effect that does not stop when it is cancelled.
  case workLeftRunning(String)
  /// A step's work never settled: it kept scheduling more (a loop of hops or effects).
  case neverSettled(steps: Int)
  /// The action generator failed to make an action.
  case generatorFailed(String)

  /// Whether `other` is the same kind of failure, whatever its message: a shrink keeps a
  /// shorter list of steps only if it fails the same way.
  ///
  /// ```swift
  /// ExploreFailure.invariant("a").isSameKind(as: .invariant("b"))   // true
  /// ```
  public func isSameKind(as other: ExploreFailure) -> Bool {
    switch (self, other) {
    case (.invariant, .invariant), (.issue, .issue), (.leaked, .leaked),
      (.workLeftRunning, .workLeftRunning), (.neverSettled, .neverSettled),
      (.generatorFailed, .generatorFailed):
      true
    default: false
    }
  }

  public var description: String {
    switch self {
    case .invariant(let message): "the invariant failed: \(message.shownInMessage())"
    case .issue(let message): "an issue was reported: \(message.shownInMessage())"
    case .leaked(let message): "the screen leaked: \(message.shownInMessage())"
    case .workLeftRunning(let message):
      "work was still running after the screen was let go of: \(message.shownInMessage())"
    case .neverSettled(let steps):
      "a step's work never settled: it was still scheduling more after \(steps) pieces of work"
    case .generatorFailed(let message):
      "the action generator failed: \(message.shownInMessage())"
    }
  }
}

/// What an exploration did: how far it got, how fast, and the failure it found, shrunk.
///
/// ```swift
/// let report = await exploration.explore(seed: 7, steps: 10_000)
/// #expect(report.failure == nil)
/// print(report.stepsPerSecond)
/// ```
public struct ExploreReport<Action>: CustomStringConvertible {
  /// The seed: the same seed is the same run, step for step.
  public let seed: UInt64
  /// How many steps ran before the exploration stopped.
  public let stepsRun: Int
  /// Whether it stopped at its time limit before running every step.
  public let ranOutOfTime: Bool
  /// How many steps ran each second, shrinking left out.
  public let stepsPerSecond: Double
  /// The failure, if one was found.
  public let failure: ExploreFailure?
  /// The shortest list of steps found that fails the same way; empty without a failure.
  public let shrunkSteps: [ExploreStep<Action>]
  /// How many lists of steps the shrink replayed to find ``shrunkSteps``; zero without a
  /// failure, or for one that is not shrunk (a generator's, a screen that never settles).
  public let shrinkReplays: Int
  /// Whether the shrink stopped at the exploration's time limit, before the steps were as
  /// short as it could make them.
  public let shrinkRanOutOfTime: Bool
  /// A Swift test that runs the shrunk steps and fails the same way; `nil` without a
  /// failure.
  public let testSource: String?

  public var description: String {
    var text = "Explored \(stepsRun) step(s) from seed \(seed)"
    text += " (\(Int(stepsPerSecond)) steps/s)"
    if ranOutOfTime { text += ", stopped by its time limit" }
    guard let failure else { return text + ": nothing wrong found." }
    text += ": \(failure).\nShrunk to \(shrunkSteps.count) step(s) in \(shrinkReplays) replay(s)"
    if shrinkRanOutOfTime { text += ", stopped by the time limit" }
    if let testSource { text += ". This test fails the same way:\n\n\(testSource)" }
    return text
  }
}
