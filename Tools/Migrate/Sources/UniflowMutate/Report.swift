import Foundation

/// A run's results, and the scores read from them: the whole run's, each file's and each
/// screen's. The score is the share of counted mutants (killed, timed out, survived) that
/// the tests noticed.
///
/// ```swift
/// report.score                       // 0.93
/// report.scores(by: \.screen)        // ["TaskEditViewReactor": …]
/// ```
public struct MutationReport: Sendable {
  /// The package's folder.
  public var package: String
  public var results: [MutantResult]
  /// Each mutated file's text, by its path in the package.
  public var sources: [String: String]
  /// How long the run took.
  public var seconds: Double
  /// How long one run of the tests took with no mutant on (the longest, where mutants of
  /// different targets run different tests): the in-run baseline of a mutant's cost.
  public var baselineSeconds: Double = 0

  /// The tallies of a group of results.
  public struct Tally: Sendable, Equatable {
    public var killed = 0
    public var timedOut = 0
    public var survived = 0
    public var compileErrors = 0
    public var ignored = 0

    /// Killed and timed out over every counted mutant; nil when none counts.
    public var score: Double? {
      let counted = killed + timedOut + survived
      return counted == 0 ? nil : Double(killed + timedOut) / Double(counted)
    }

    mutating func add(_ status: MutantResult.Status) {
      switch status {
      case .killed: killed += 1
      case .timedOut: timedOut += 1
      case .survived: survived += 1
      case .compileError: compileErrors += 1
      case .ignored: ignored += 1
      }
    }
  }

  public var tally: Tally { Self.tally(results) }
  /// The whole run's score, from 0 to 1.
  public var score: Double? { tally.score }
  public var survivors: [MutantResult] { results.filter { $0.status == .survived } }

  /// The tallies grouped by a mutant's file or screen.
  public func scores(by key: KeyPath<Mutant, String>) -> [(name: String, tally: Tally)] {
    Dictionary(grouping: results, by: { $0.mutant[keyPath: key] })
      .map { (name: $0.key, tally: Self.tally($0.value)) }
      .sorted { $0.name < $1.name }
  }

  /// Mutants tested per minute of the run.
  public var mutantsPerMinute: Double {
    let tested = results.filter { $0.status.counts }.count
    return seconds > 0 ? Double(tested) * 60 / seconds : 0
  }

  static func tally(_ results: [MutantResult]) -> Tally {
    var tally = Tally()
    for result in results { tally.add(result.status) }
    return tally
  }

  /// `93.2%`, or `–` for no score.
  static func percent(_ score: Double?) -> String {
    guard let score else { return "–" }
    return String(format: "%.1f%%", score * 100)
  }

  /// The source line a mutant starts on, and the same line with the mutant in it.
  func lines(of mutant: Mutant) -> (original: String, mutated: String) {
    let text = sources[mutant.file] ?? ""
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard mutant.start.line - 1 < lines.count else { return (mutant.original, mutant.replacement) }
    let line = String(lines[mutant.start.line - 1])
    guard mutant.start.line == mutant.end.line else {
      return (
        line.trimmingCharacters(in: .whitespaces),
        mutant.replacement.isEmpty ? "(removed)" : mutant.replacement
      )
    }
    let utf8 = Array(line.utf8)
    let from = min(max(mutant.start.column - 1, 0), utf8.count)
    let to = min(max(mutant.end.column - 1, from), utf8.count)
    let replacement: String
    switch mutant.mutationOperator {
    case .reduceCaseUnchanged, .mutateCaseNone:
      replacement = "if mutant { \(mutant.replacement) }; "
    default:
      replacement = mutant.replacement
    }
    let mutated =
      String(decoding: utf8[..<from], as: UTF8.self) + replacement
      + String(decoding: utf8[to...], as: UTF8.self)
    let trimmedMutated = mutated.trimmingCharacters(in: .whitespaces)
    return (
      line.trimmingCharacters(in: .whitespaces),
      trimmedMutated.isEmpty ? "(removed)" : trimmedMutated
    )
  }
}
