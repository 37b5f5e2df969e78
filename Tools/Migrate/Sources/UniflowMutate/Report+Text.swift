import UniflowMigrate
import Foundation

/// The report as the terminal shows it: scores by file and screen, then each survivor
/// with its place, its line before and after, and the tests that ran. Source text and
/// names are escaped (``shown(_:)``), so no line of code reaches the terminal as a control
/// sequence.
extension MutationReport {
  public func text() -> String {
    var out = ""
    let total = tally
    out += "Mutation score: \(Self.percent(total.score))"
    out +=
      " (\(total.killed + total.timedOut) of \(total.killed + total.timedOut + total.survived) killed"
    if total.timedOut > 0 { out += ", \(total.timedOut) by timeout" }
    out += "; \(total.compileErrors) did not build, \(total.ignored) ignored)"
    out += String(format: " in %.0f s, %.1f mutants a minute", seconds, mutantsPerMinute)
    out += String(format: " (the tests as they are: %.1f s a run)\n", baselineSeconds)
    out += "\n" + table("File", scores(by: \.file))
    out += "\n" + table("Screen", scores(by: \.screen))
    let survivors = self.survivors
    if !survivors.isEmpty {
      out += "\nSurvived (no test noticed):\n"
      for result in survivors {
        let (original, mutated) = lines(of: result.mutant)
        out += "\n  \(shown(result.mutant.place))  \(result.mutant.mutationOperator.summary)\n"
        out += "    - \(shown(original))\n"
        out += "    + \(shown(mutated))\n"
        out += "    ran \(testsDescription(result.ranTests))\n"
      }
    }
    let ignored = results.filter { $0.status == .ignored }
    if !ignored.isEmpty {
      out += "\nIgnored:\n"
      for result in ignored {
        out +=
          "  \(shown(result.mutant.place))  \(result.mutant.mutationOperator.summary): \(shown(result.reason))\n"
      }
    }
    return out
  }

  private func table(_ heading: String, _ rows: [(name: String, tally: Tally)]) -> String {
    let width = max(heading.count, rows.map { shown($0.name).count }.max() ?? 0)
    func padded(_ text: String) -> String {
      text + String(repeating: " ", count: max(0, width - text.count))
    }
    var out = "  \(padded(heading))  score   killed  survived\n"
    for row in rows {
      let score = Self.percent(row.tally.score)
      out +=
        "  \(padded(shown(row.name)))  \(score.padding(toLength: 6, withPad: " ", startingAt: 0))"
      out +=
        "  \(String(row.tally.killed + row.tally.timedOut).padding(toLength: 6, withPad: " ", startingAt: 0))"
      out += "  \(row.tally.survived)\n"
    }
    return out
  }

  /// "12 tests (TodoCoreTests.TaskEditViewReactorTests/…, …)".
  func testsDescription(_ tests: [String]) -> String {
    guard !tests.isEmpty else { return "no test" }
    let shownNames = tests.prefix(3).map(shown).joined(separator: ", ")
    return
      "\(tests.count) test\(tests.count == 1 ? "" : "s"): \(shownNames)\(tests.count > 3 ? ", …" : "")"
  }
}
