import Foundation
import Testing

@testable import UniflowMigrate

/// The command as a team runs it: on a folder of its app, with files it must not lose.
@Suite struct CommandTests {
  /// A new folder holding copies of the fixtures, removed at the end of the test.
  final class Workspace {
    let root: URL

    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "uniflow-migrate-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      for folder in ["Sources", "Tests", "Specs"] {
        try FileManager.default.copyItem(
          at: fixtures.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
      }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Every file under the workspace and its bytes.
    func snapshot() throws -> [String: Data] {
      var files: [String: Data] = [:]
      let enumerator = FileManager.default.enumerator(atPath: root.path)!
      while let relative = enumerator.nextObject() as? String {
        let full = path(relative)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue
        {
          files[relative] = try Data(contentsOf: URL(fileURLWithPath: full))
        }
      }
      return files
    }

    func run(_ arguments: [String]) throws(MigrateError) -> MigrateCommand.Report {
      try MigrateCommand(arguments: arguments).run()
    }
  }

  @Test func oneNoteIsCountedInTheSingular() throws {
    let workspace = try Workspace()
    let file = workspace.root.appendingPathComponent("Greeter.swift")
    try Data(
      "import RxSwift\n\nfinal class Greeter {\n  init(names: Observable<String>) {\n    _ = names.subscribe(onNext: { print($0) })\n  }\n}\n"
        .utf8
    ).write(to: file)
    let report = try workspace.run(["--dry-run", file.path])
    #expect(report.summary.contains("; 1 note for a person:\n  1 × a subscription assigned to _"))
  }

  @Test func aDryRunPrintsTheDiffAndWritesNothing() throws {
    let workspace = try Workspace()
    let before = try workspace.snapshot()
    let report = try workspace.run([
      "--dry-run", workspace.path("Sources"), workspace.path("Tests"),
    ])
    #expect(try workspace.snapshot() == before)
    #expect(report.diff.contains("-import ReactorKit\n"))
    #expect(report.diff.contains("+import Uniflow\n"))
    #expect(report.diff.contains("-  func mutate(action: Action) -> Observable<Mutation> {\n"))
    #expect(report.diff.contains("+  func mutate(action: Action) -> Effect<Mutation> {\n"))
    #expect(report.summary.hasPrefix("uniflow migrate: 23 files read, would change 22; lines +"))
    #expect(report.summary.contains("notes for a person:"))
    #expect(report.summary.contains("× an observable returned from mutate"))
    #expect(
      report.summary.contains(
        "Sources/ProfileViewReactor.swift:42: an observable returned from mutate"))
  }

  @Test func theSummaryCountsFilesLinesAndNotesByKind() throws {
    let workspace = try Workspace()
    let report = try workspace.run([workspace.path("Sources")])
    let lines = report.summary.split(separator: "\n")
    #expect(lines[0].hasPrefix("uniflow migrate: 14 files read, changed 13; lines +"))
    #expect(lines[0].hasSuffix("; 6 notes for a person:"))
    #expect(
      lines.contains(
        "  4 × an observable returned from mutate: its failure is now ignored and the reactor goes on; say .mutate(Mutation.setError) to show it (Migrating from ReactorKit, Behaviours that differ)"
      ))
    #expect(lines.contains { $0.hasPrefix("  2 × URLSession.rx.data or rx.json:") })
  }

  @Test func inPlaceWritesTheRewritesAndASecondRunChangesNothing() throws {
    let workspace = try Workspace()
    let first = try workspace.run([
      workspace.path("Sources"), workspace.path("Tests"), workspace.path("Specs"),
    ])
    // The specs have no Linux runner in the run: the summary's last line gives its call.
    let last = try #require(first.summary.split(separator: "\n").last)
    #expect(last.hasPrefix("Quick specs on Linux: "))
    #expect(last.contains("testCase(ProfileViewReactorSpec.allTests)"))
    #expect(last.contains("testCase(PreferencesViewModelSpec.allTests)"))
    for pair in fixturePairs {
      let folder = pair.fixture.deletingLastPathComponent().lastPathComponent
      let written = try contents(
        URL(fileURLWithPath: workspace.path("\(folder)/\(pair.fixture.lastPathComponent)")))
      #expect(
        written == (try contents(pair.golden)),
        "\(pair.fixture.lastPathComponent) was not written as its golden file")
    }
    let after = try workspace.snapshot()
    let again = try workspace.run([
      workspace.path("Sources"), workspace.path("Tests"), workspace.path("Specs"),
    ])
    #expect(again.summary.hasPrefix("uniflow migrate: 27 files read, changed 0; lines +0 -0"))
    #expect(try workspace.snapshot() == after)
  }

  @Test func outputWritesCopiesAndNeverOverwritesUnasked() throws {
    let workspace = try Workspace()
    let output = workspace.path("Ported")
    let sources = workspace.path("Sources")
    _ = try workspace.run(["--output", output, sources])
    let written = try contents(URL(fileURLWithPath: output + "/Sources/ProfileViewReactor.swift"))
    #expect(written.contains("Effect<Mutation>"))
    #expect(
      try contents(URL(fileURLWithPath: sources + "/ProfileViewReactor.swift")).contains(
        "Observable<Mutation>"))

    try "// the team's own edit\n".write(
      toFile: output + "/Sources/ProfileViewReactor.swift", atomically: true, encoding: .utf8)
    let before = try workspace.snapshot()
    #expect(throws: MigrateError.wouldOverwrite(path: output + "/Sources/APIClient.swift")) {
      try workspace.run(["--output", output, sources])
    }
    #expect(try workspace.snapshot() == before, "a refused run writes nothing")
    _ = try workspace.run(["--output", output, "--overwrite", sources])
    #expect(
      try contents(URL(fileURLWithPath: output + "/Sources/ProfileViewReactor.swift")) == written)
  }

  @Test func aFileThatDoesNotParseIsRefusedWithItsLineAndNothingIsWritten() throws {
    let workspace = try Workspace()
    try
      "import RxSwift\n\nfinal class Broken {\n  func f() -> Observable<Int> {\n    return .just(1\n  }\n}\n"
      .write(toFile: workspace.path("Sources/Broken.swift"), atomically: true, encoding: .utf8)
    let before = try workspace.snapshot()
    do {
      _ = try workspace.run([workspace.path("Sources")])
      Issue.record("a file that does not parse was migrated")
    } catch {
      guard case .unparseable(let path, let line, _, let problem) = error else {
        Issue.record("unexpected error: \(error)")
        return
      }
      #expect(path.hasSuffix("Sources/Broken.swift"))
      #expect(line == 5 || line == 6)
      #expect(!problem.isEmpty)
      #expect(error.description.contains("Broken.swift:\(line):"))
    }
    #expect(try workspace.snapshot() == before, "no file is written, the good ones neither")
  }

  @Test func hostileInputIsAClearError() throws {
    let workspace = try Workspace()
    let folder = workspace.path("Hostile")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)

    // A line of a megabyte.
    let long = folder + "/Long.swift"
    try ("let x = 1\nlet y = \"" + String(repeating: "a", count: 1 << 20) + "\"\n").write(
      toFile: long, atomically: true, encoding: .utf8)
    #expect(throws: MigrateError.lineTooLong(path: long, line: 2, bytes: (1 << 20) + 10)) {
      try MigrateCommand(arguments: [long]).run()
    }

    // Invalid UTF-8 on line 3.
    let latin1 = folder + "/Latin1.swift"
    try Data("let a = 1\nlet b = 2\nlet c = \"caf".utf8 + [0xE9] + Data("\"\n".utf8)).write(
      to: URL(fileURLWithPath: latin1))
    #expect(throws: MigrateError.invalidUTF8(path: latin1, line: 3)) {
      try MigrateCommand(arguments: [latin1]).run()
    }

    // A binary file named .swift.
    let binary = folder + "/Binary.swift"
    try Data([0x7F, 0x45, 0x4C, 0x46, 0x00, 0x01]).write(to: URL(fileURLWithPath: binary))
    #expect(throws: MigrateError.notText(path: binary, line: 1)) {
      try MigrateCommand(arguments: [binary]).run()
    }

    // A symbolic link to itself, and one to a folder above it.
    let loop = folder + "/Loop.swift"
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
    #expect(throws: MigrateError.symlinkLoop(path: loop)) {
      try MigrateCommand(arguments: [loop]).run()
    }
    let cycle = workspace.path("Cycle")
    try FileManager.default.createDirectory(atPath: cycle, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: cycle + "/Up", withDestinationPath: cycle)
    #expect(throws: MigrateError.symlinkLoop(path: cycle + "/Up")) {
      try MigrateCommand(arguments: [cycle]).run()
    }

    // A file that is not Swift, named on the command line; in a folder it is passed over.
    let readme = folder + "/README.md"
    try "# Notes\n".write(toFile: readme, atomically: true, encoding: .utf8)
    #expect(throws: MigrateError.notSwift(path: readme)) {
      try MigrateCommand(arguments: [readme]).run()
    }
    #expect(throws: MigrateError.notFound(path: folder + "/Missing.swift")) {
      try MigrateCommand(arguments: [folder + "/Missing.swift"]).run()
    }

    for error in [
      MigrateError.lineTooLong(path: long, line: 2, bytes: 1), .invalidUTF8(path: latin1, line: 3),
      .notText(path: binary, line: 1), .symlinkLoop(path: loop), .notSwift(path: readme),
    ] {
      #expect(error.description.hasPrefix(folder), "\(error) names its file first")
    }
  }

  @Test func noPathOrSourceLineReachesTheTerminalAsAControlSequence() throws {
    let workspace = try Workspace()
    let hostile = "Evil\u{1B}[2J\u{202E}\u{9B}31m"
    let folder = workspace.path(hostile)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try
      "import RxSwift\n// \u{1B}]0;owned\u{07} 👍🏽 é\nlet x: Observable<Int> = .just(1)\nfinal class Evil {}\n"
      .write(toFile: folder + "/A.swift", atomically: true, encoding: .utf8)
    try "# \u{1B}[31m\n".write(toFile: folder + "/B\u{1B}.md", atomically: true, encoding: .utf8)
    // A test that imports no Rx but uses A's type: the summary names it.
    try "import XCTest\nfinal class ETests: XCTestCase {\n  func testIt() { _ = Evil() }\n}\n"
      .write(toFile: folder + "/T\u{1B}[31m.swift", atomically: true, encoding: .utf8)
    let report = try MigrateCommand(arguments: ["--dry-run", folder]).run()
    #expect(report.summary.contains("T\\u{1B}[31m.swift"))
    for text in [report.diff, report.summary] {
      #expect(!text.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x202E].contains($0.value) })
    }
    #expect(report.diff.contains("\\u{1B}[2J\\u{202E}\\u{9B}31m/A.swift"))
    #expect(report.diff.contains("👍🏽 é"), "emoji with a modifier and accents stay as they are")
    do {
      _ = try MigrateCommand(arguments: [folder + "/B\u{1B}.md"]).run()
      Issue.record("a file that is not Swift was read")
    } catch {
      #expect(!error.description.unicodeScalars.contains { $0.value == 0x1B })
      #expect(error.description.contains("B\\u{1B}.md"))
    }
  }

  @Test func theCommandLineIsChecked() throws {
    #expect(throws: MigrateError.self) { try MigrateCommand(arguments: []) }
    #expect(throws: MigrateError.self) { try MigrateCommand(arguments: ["--output"]) }
    #expect(throws: MigrateError.self) {
      try MigrateCommand(arguments: ["--frobnicate", "A.swift"])
    }
    #expect(throws: MigrateError.self) {
      try MigrateCommand(arguments: ["--dry-run", "--output", "x", "A.swift"])
    }
    #expect(throws: MigrateError.self) {
      try MigrateCommand(arguments: ["--overwrite", "A.swift"])
    }
    #expect(try MigrateCommand(arguments: ["--dry-run", "A.swift"]).mode == .dryRun)
    #expect(try MigrateCommand(arguments: ["A.swift", "B"]).mode == .inPlace)
    #expect(
      try MigrateCommand(arguments: ["--output", "x", "--overwrite", "A.swift"]).mode
        == .output(folder: "x", overwrite: true))
  }

  @Test func theUsageIsPrintedOnLinesAndAnOptionWithAControlSequenceIsEscaped() {
    do {
      _ = try MigrateCommand(arguments: ["--help"])
      Issue.record("--help ran a migration")
    } catch {
      #expect(error.description.hasPrefix("usage: uniflow migrate [--dry-run]"))
      #expect(error.description.contains("\n\n  --dry-run "), "the usage's own line breaks stay")
      #expect(!error.description.contains("\\u{A}"))
    }
    do {
      _ = try MigrateCommand(arguments: ["--\u{1B}[2Jx\nnext", "A.swift"])
      Issue.record("an unknown option was taken")
    } catch {
      #expect(error.description.hasPrefix("unknown option --\\u{1B}[2Jx\\u{A}next\n\nusage:"))
      #expect(!error.description.contains("\u{1B}"))
    }
  }

  @Test func theDiffIsUnified() {
    let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n"
    let new = "a\nb\nc\nD\ne\nf\ng\nh\ni\nj\nk\n"
    #expect(
      Diff.unified(old, new, path: "x.swift") == """
        --- a/x.swift
        +++ b/x.swift
        @@ -1,10 +1,11 @@
         a
         b
         c
        -d
        +D
         e
         f
         g
         h
         i
         j
        +k

        """)
    #expect(Diff.unified(old, old, path: "x.swift") == "")
    #expect(Diff.counts(old, new) == (added: 2, removed: 1))
  }

  @Test func aChangedRegionTooLargeToAlignIsOneReplacement() {
    // Every other line of 1,500 changed: aligned, the unchanged ones would stay context;
    // past the table's limit, the region after the first line is one replacement.
    let old = (0..<1_500).map { "line \($0)\n" }.joined()
    let new = (0..<1_500).map { $0.isMultiple(of: 2) ? "line \($0)\n" : "changed \($0)\n" }
      .joined()
    let lines = Diff.unified(old, new, path: "x.swift").split(separator: "\n").dropFirst(2)
    #expect(lines.filter { $0.hasPrefix("-") }.count == 1_499)
    #expect(lines.filter { $0.hasPrefix("+") }.count == 1_499)
    // A small region is still aligned.
    #expect(Diff.counts("a\nb\nc\n", "a\nB\nc\n") == (added: 1, removed: 1))
  }

  @Test func theCommonEndsAreTheHeadThenTheTailLeftAfterIt() {
    // The doc comment's example.
    #expect(Diff.commonEnds(Array("a+b".utf8), Array("a-b".utf8)) == (head: 1, tail: 1))
    // The tail is counted only past the head, so an insertion into a run is not counted twice.
    #expect(Diff.commonEnds(Array("aa"), Array("aaa")) == (head: 2, tail: 0))
    #expect(Diff.commonEnds(Array("ab"), Array("ab")) == (head: 2, tail: 0))
    #expect(Diff.commonEnds([Int](), [1]) == (head: 0, tail: 0))
  }

  @Test func theArticlesSummaryIsWhatARunPrints() throws {
    // The article "Migrating with uniflow migrate" shows a dry run over the fixtures' sources.
    let report = try MigrateCommand(arguments: [
      "--dry-run", fixtures.appendingPathComponent("Sources").path,
    ]).run()
    let printed = report.summary.replacingOccurrences(of: fixtures.path + "/", with: "")
    let article = try contents(
      repository.appendingPathComponent(
        "Sources/Uniflow/Uniflow.docc/MigratingWithUniflowMigrate.md"))
    let start = try #require(article.range(of: "over the fixtures' sources.\n"))
    let block = article[start.upperBound...].prefix { $0 != "`" }
    #expect(block == printed + "\n")
  }

  @Test func theArticlesQuickOnLinuxLineIsWhatARunPrints() throws {
    let article = try contents(
      repository.appendingPathComponent(
        "Sources/Uniflow/Uniflow.docc/MigratingWithUniflowMigrate.md"))
    let shown = try #require(
      article.split(separator: "\n").first { $0.hasPrefix("Quick specs on Linux: ") })
    let printed = MigrateCommand.quickSpecsLinuxCannotRun(in: [
      "import Quick\nfinal class ProfileViewReactorSpec: AsyncSpec {}\n"
    ])
    #expect("\n" + shown == printed)
  }

  @Test func everyNoteNamesASectionTheGuidesHave() throws {
    let catalog = repository.appendingPathComponent("Sources/Uniflow/Uniflow.docc")
    for kind in Note.Kind.allCases {
      let parts = kind.guide.components(separatedBy: ", ")
      let article = try #require(
        try FileManager.default.contentsOfDirectory(atPath: catalog.path).first { name in
          name.hasSuffix(".md")
            && (try? contents(catalog.appendingPathComponent(name)))?.hasPrefix("# \(parts[0])\n")
              == true
        }, "no article is titled \(parts[0])")
      let text = try contents(catalog.appendingPathComponent(article))
      #expect(
        text.contains("\n## \(parts[1])\n") || text.contains("\n### \(parts[1])\n"),
        "\(article) has no section \(parts[1])")
    }
  }
}
