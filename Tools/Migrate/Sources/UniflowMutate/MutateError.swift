import UniflowMigrate
import Foundation

/// Why `uniflow mutate` did not run, or stopped: each one names what to fix.
public enum MutateError: Error, Equatable, CustomStringConvertible {
  /// The command line is wrong; the usage follows.
  case usage(String)
  /// The folder holds no `Package.swift`.
  case notAPackage(String)
  /// `--target` names a target the package does not have, or one that is not a source
  /// target.
  case unknownTarget(String, known: [String])
  /// `--file` names a file that is in no target asked for.
  case fileNotInTarget(String)
  /// A `// uniflow-mutate: ignore` comment gives no reason.
  case ignoredWithoutReason(place: String)
  /// A file nests square brackets deeper than the parser can take in reasonable time
  /// (migrate refuses the same files).
  case nestedTooDeeply(place: String, depth: Int, limit: Int)
  /// A file's syntax tree is deeper than `limit` levels (a chain of thousands of calls):
  /// deeper than the search for sites visits.
  case treeTooDeep(place: String, depth: Int, limit: Int)
  /// `--json` or `--html` names a file that is not an earlier report: it is left alone.
  case reportPathTaken(String)
  /// A target already holds a file with the switch's name.
  case switchFileTaken(String)
  /// The package does not build as it is; the compiler's errors follow.
  case buildFailed(errors: String)
  /// The tests fail before any mutation: a score over a red suite means nothing.
  case suiteFailsUnmutated(failing: [String], outputEnd: String)
  /// No test can reach the code asked for.
  case noTests(target: String)
  /// Test targets reach the code, but none of their tests matches `--tests`.
  case noTestsMatch(target: String, filter: String)
  /// No mutant could be made in the files asked for.
  case nothingToMutate
  /// A program the run needs (`swift`, `git`) failed; its output follows.
  case toolFailed(command: String, output: String)
  /// The run's score (0–100) is under `--fail-under`.
  case scoreTooLow(score: Double, minimum: Double)

  public var description: String {
    switch self {
    case .usage(let text): text
    case .notAPackage(let folder):
      "\(shown(folder)) holds no Package.swift: run `uniflow mutate` in a package's folder, or "
        + "pass --package-path"
    case .unknownTarget(let name, let known):
      "the package has no source target `\(shown(name))`; its source targets are "
        + known.map { "`\(shown($0))`" }.joined(separator: ", ")
    case .fileNotInTarget(let file):
      "\(shown(file)) is in no source target of the package (--file takes a path from the "
        + "package's folder)"
    case .ignoredWithoutReason(let place):
      "\(shown(place)): `// uniflow-mutate: ignore` needs a reason after it, which the report "
        + "shows (\"ignore the log's text is not part of the behaviour\")"
    case .nestedTooDeeply(let place, let depth, let limit):
      "\(shown(place)): square brackets nest \(depth) deep here, and the parser takes too long "
        + "past \(limit); leave the file out with --file, or split the literal"
    case .treeTooDeep(let place, let depth, let limit):
      "\(shown(place)): expressions nest \(depth) levels deep here (a chain of calls a level "
        + "a link), past the \(limit) that mutate visits; leave the file out with --file"
    case .reportPathTaken(let path):
      "\(shown(path)) exists and is not a report of uniflow mutate, so it was left as it is; "
        + "give another path"
    case .switchFileTaken(let file):
      "\(shown(file)) exists: uniflow mutate adds a file of that name to each target it mutates"
    case .buildFailed(let errors):
      "the package does not build as it is, so nothing was mutated. The compiler said:\n"
        + shownLines(errors)
    case .suiteFailsUnmutated(let failing, let outputEnd):
      "the tests fail before any mutation, and a mutation score over a red suite means "
        + "nothing. "
        + (failing.isEmpty
          ? "The test process failed; its output ended:\n" + shownLines(outputEnd)
          : "Failing: " + failing.map(shown).joined(separator: ", "))
    case .noTests(let target):
      "no test target depends on `\(shown(target))`, so no test could notice a change to it"
    case .noTestsMatch(let target, let filter):
      "no test of the test targets that depend on `\(shown(target))` matches --tests "
        + "\(shown(filter)) (a test's name is `Module.Suite/test()`)"
    case .nothingToMutate:
      "no mutant could be made in the files asked for (every place is ignored, or there is "
        + "no code an operator applies to)"
    case .toolFailed(let command, let output):
      "`\(shown(command))` failed:\n" + shownLines(output)
    case .scoreTooLow(let score, let minimum):
      String(format: "the mutation score is %.1f%%, under --fail-under %.1f%%", score, minimum)
    }
  }
}

/// Text of several lines, each one escaped (``shown(_:)``) and the line breaks kept.
func shownLines(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false).map { shown(String($0)) }
    .joined(separator: "\n")
}
