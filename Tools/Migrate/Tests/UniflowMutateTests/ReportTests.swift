import Foundation
import Testing

@testable import UniflowMutate

/// The report's scores, its text, its JSON and its page.
@Suite struct ReportTests {
  func result(
    _ id: Int, _ status: MutantResult.Status, file: String = "Sources/A/Feed.swift",
    screen: String = "Feed", line: Int = 2, original: String = "1 < 2"
  ) -> MutantResult {
    MutantResult(
      mutant: Mutant(
        id: id, file: file, screen: screen, mutationOperator: .relational,
        start: .init(line: line, column: 11), end: .init(line: line, column: 16),
        original: original, replacement: "1 <= 2"),
      status: status, reason: status == .ignored ? "no test can tell" : "every test passed",
      killedBy: status == .killed ? ["A.t()"] : [], ranTests: ["A.t()", "A.u()"], builtAlone: false)
  }

  var report: MutationReport {
    MutationReport(
      package: "/p",
      results: [
        result(1, .killed), result(2, .survived), result(3, .timedOut), result(4, .compileError),
        result(5, .ignored), result(6, .killed, file: "Sources/A/List.swift", screen: "List"),
      ],
      sources: [
        "Sources/A/Feed.swift": "struct Feed {\n  var a = 1 < 2\n}\n", "Sources/A/List.swift": "",
      ],
      seconds: 60, baselineSeconds: 0.5)
  }

  @Test func theScoreCountsKilledAndTimedOutOverEveryMutantThatRan() {
    #expect(report.score == 0.75)
    #expect(report.scores(by: \.screen).map(\.name) == ["Feed", "List"])
    #expect(report.scores(by: \.screen)[0].tally.score == 2.0 / 3.0)
    #expect(report.mutantsPerMinute == 4)
  }

  @Test func aSurvivorIsShownWithItsLineBeforeAndAfterAndTheTestsThatRan() {
    let text = report.text()
    #expect(text.contains("Mutation score: 75.0%"))
    #expect(text.contains("4.0 mutants a minute (the tests as they are: 0.5 s a run)"))
    #expect(text.contains("Sources/A/Feed.swift:2:11  a comparison changed"))
    #expect(text.contains("- var a = 1 < 2"))
    #expect(text.contains("+ var a = 1 <= 2"))
    #expect(text.contains("ran 2 tests: A.t(), A.u()"))
    #expect(
      text.contains("Ignored:\n  Sources/A/Feed.swift:2:11  a comparison changed: no test can tell")
    )
  }

  @Test func sourceTextReachesNeitherTheTerminalNorThePageAsCode() {
    var hostile = report
    hostile.results = [result(1, .survived, screen: "<script>alert(1)</script>", line: 1)]
    hostile.sources = ["Sources/A/Feed.swift": "let a = \"\u{1B}[2J<b>\" + 1 < 2\n"]
    let text = hostile.text()
    #expect(!text.contains("\u{1B}"))
    #expect(text.contains("\\u{1B}[2J"))
    let page = hostile.html()
    #expect(!page.contains("<script>alert"))
    #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(!page.contains("\u{1B}"))
    #expect(page.contains("&lt;b&gt;"))
  }

  @Test func theJSONFollowsStrykersSchema() throws {
    let json = try #require(
      try JSONSerialization.jsonObject(with: report.strykerJSON()) as? [String: Any])
    #expect(json["schemaVersion"] as? String == "2")
    let files = try #require(json["files"] as? [String: [String: Any]])
    let feed = try #require(files["Sources/A/Feed.swift"])
    #expect(feed["language"] as? String == "swift")
    let mutants = try #require(feed["mutants"] as? [[String: Any]])
    #expect(
      mutants.compactMap { $0["status"] as? String }
        == ["Killed", "Survived", "Timeout", "CompileError", "Ignored"])
    let location = try #require(mutants[0]["location"] as? [String: [String: Int]])
    #expect(location["start"] == ["line": 2, "column": 11])
    #expect(mutants[0]["killedBy"] as? [String] == ["A.t()"])
    #expect(mutants[0]["coveredBy"] as? [String] == ["A.t()", "A.u()"])
  }
}
