import Foundation
import Testing

@testable import UniflowMutate

/// The pieces of a run that need no package: the command line, the ignore comments, the
/// changed lines, the compiler's errors, the test libraries' output, the manifest, and the
/// test processes' endings.
@Suite struct RunPartsTests {
  @Test func theCommandLineIsReadAndABadOneRefused() throws {
    let options = try MutateOptions(arguments: [
      "--target", "TodoCore", "--file", "./Sources/A.swift", "--since", "main", "--tests", "^A\\.",
      "--jobs", "3", "--fail-under", "90", "--all-failures",
    ])
    #expect(options.allFailures)
    #expect(try MutateOptions(arguments: []).allFailures == false)
    #expect(options.targets == ["TodoCore"])
    #expect(options.files == ["Sources/A.swift"])
    #expect(options.since == "main")
    #expect(options.jobs == 3)
    #expect(options.failUnder == 90)
    for bad in [
      ["--jobs", "0"], ["--tests", "("], ["--frobnicate"], ["--target"], ["--fail-under", "101"],
    ] {
      #expect(throws: MutateError.self) { try MutateOptions(arguments: bad) }
    }
  }

  @Test func aReportPathHoldingSomethingElseIsLeftAlone() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("mutate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("// swift-tools-version: 6.2\n".utf8).write(
      to: folder.appendingPathComponent("Package.swift"))
    let notes = folder.appendingPathComponent("notes.html")
    try Data("my notes".utf8).write(to: notes)
    // Refused before anything is built or written.
    #expect(throws: MutateError.reportPathTaken(notes.path)) {
      try MutateCommand.checkReportPaths(
        try MutateOptions(arguments: ["--html", notes.path, "--package-path", folder.path]))
    }
    #expect(try String(contentsOf: notes, encoding: .utf8) == "my notes")
    try Data("<meta name=\"generator\" content=\"uniflow mutate\">".utf8).write(to: notes)
    try MutateCommand.checkReportPaths(try MutateOptions(arguments: ["--html", notes.path]))
  }

  @Test func anIgnoreCommentKeepsItsLineOrTheNextOutAndNeedsAReason() throws {
    let source = """
      let a = 1 < 2 // uniflow-mutate: ignore the limit is checked nowhere else
      // uniflow-mutate: ignore logging only
      let b = 3 < 4
      let c = 5 < 6
      """
    let comments = try IgnoreComments(source: source, file: "A.swift")
    #expect(comments.reasons == [1: "the limit is checked nowhere else", 3: "logging only"])
    #expect(throws: MutateError.ignoredWithoutReason(place: "B.swift:2")) {
      try IgnoreComments(
        source: "let a = 1\nlet b = 2 // uniflow-mutate: ignore\n", file: "B.swift")
    }
  }

  @Test func changedLinesAreReadFromADiffWithoutContext() {
    let diff = """
      diff --git a/Sources/A.swift b/Sources/A.swift
      --- a/Sources/A.swift
      +++ b/Sources/A.swift
      @@ -3 +3,2 @@ func f() {
      -  old
      +  new
      +  newer
      @@ -10,2 +11,0 @@
      -  gone
      -  gone too
      """
    #expect(ChangedLines.parse(diff) == ["Sources/A.swift": [3, 4]])
  }

  @Test func compilerErrorsAreReadBackToTheCopysFiles() {
    let output = """
      /tmp/p/.build/uniflow-mutate/work/Sources/A/B.swift:12:5: error: cannot convert value
      /tmp/p/.build/uniflow-mutate/work/Sources/A/B.swift:12:5: warning: unused
      /elsewhere/C.swift:1:1: error: not ours
      """
    let errors = Builder.errors(
      in: output, work: URL(fileURLWithPath: "/tmp/p/.build/uniflow-mutate/work"))
    #expect(errors == [.init(file: "Sources/A/B.swift", line: 12, text: "cannot convert value")])
  }

  @Test func failingTestsAreReadFromBothLibrariesOutput() {
    let output = """
      ✘ Test increasingStopsAtTheLimit() failed after 0.002 seconds with 1 issue.
      ✘ Test run with 4 tests in 1 suite failed after 0.003 seconds with 1 issue.
      Test Case 'CounterTests.LegacyTests/testReset' failed (0.001 seconds)
      """
    #expect(
      TestOutcome.failingTests(in: output) == [
        "increasingStopsAtTheLimit()", "CounterTests.LegacyTests/testReset",
      ])
    // The verdict is the line's last words: a passing test named with them is not failing,
    // and a failing one is named whole.
    let namedLikeAFailure = """
      ✔ Test `retry failed after 3 tries`() passed after 0.002 seconds.
      ✔ Test `it failed after 2 s` passed after 0.1 seconds with 1 known issue.
      ✘ Test `retry failed after 3 tries then`() failed after 0.004 seconds with 1 issue.
      """
    #expect(
      TestOutcome.failingTests(in: namedLikeAFailure) == ["`retry failed after 3 tries then`()"])
  }

  @Test func aTestNameIsMatchedAloneAndAModuleByItsPrefix() {
    let selection = TestSelection(
      xcTests: ["A.B/testC"], swiftTests: ["A.S/t()"], modules: ["A"], filtered: true)
    #expect(
      selection.invocations == [
        ["A.B/testC"], ["--testing-library", "swift-testing", "--filter", "^A\\.S/t\\(\\)"],
      ])
    let modules = TestSelection(
      xcTests: [], swiftTests: ["A.t()"], modules: ["A", "B"], filtered: false)
    #expect(
      modules.invocations == [["--testing-library", "swift-testing", "--filter", "^(A|B)\\."]])
  }

  @Test func aTestNamedWithARawIdentifierIsListedAndMatchedAlone() {
    // Swift Testing lists a raw identifier with its backticks and its spaces; the spaces
    // inside them are the name's, one outside them is a line that names no test.
    let listed = """
      CounterTests.`The counter`/`adds one`()
      CounterTests.`The counter`/`with arguments`(value:)
      CounterTests.Plain/increases()
      Listing 3 tests in debug.xctest:
      CounterTests.`unclosed/name
      """
    #expect(
      TestBinary.swiftTestNames(listed: listed) == [
        "CounterTests.`The counter`/`adds one`()",
        "CounterTests.`The counter`/`with arguments`(value:)",
        "CounterTests.Plain/increases()",
      ])
    #expect(
      TestBinary.xcTestNames(
        listed: "Listing 1 test in x.xctest:\n\nCounterTests.Legacy/testReset\n")
        == ["CounterTests.Legacy/testReset"])
    let selection = TestSelection(
      xcTests: [], swiftTests: ["CounterTests.`The counter`/`adds one`()"],
      modules: ["CounterTests"], filtered: true)
    #expect(
      selection.invocations == [
        [
          "--testing-library", "swift-testing", "--filter",
          "^CounterTests\\.`The counter`/`adds one`\\(\\)",
        ]
      ])
  }
  @Test func aLocalDependencysPathIsMadeAbsoluteInTheCopy() {
    let manifest = #"""
      dependencies: [
        .package(name: "Uniflow", path: ".."),
        .package(path: "/abs/Other"),
        .package(url: "https://github.com/a/b", from: "1.0.0"),
      ]
      """#
    let rewritten = ScratchPackage.absolutizingLocalPaths(
      manifest, from: URL(fileURLWithPath: "/work/app/Examples"))
    #expect(rewritten.contains(#".package(name: "Uniflow", path: "/work/app")"#))
    #expect(rewritten.contains(#".package(path: "/abs/Other")"#))
    #expect(rewritten.contains(#"url: "https://github.com/a/b""#))
  }

  @Test func theCopyLeavesOutNestedPackagesSnippetsAndBuildsAndRemovesWhatItNoLongerCopies()
    throws
  {
    let package = FileManager.default.temporaryDirectory
      .appendingPathComponent("mutate-copy-\(UInt32.random(in: 0...UInt32.max))")
    defer { try? FileManager.default.removeItem(at: package) }
    for file in [
      "Package.swift", "Sources/App/App.swift", "Tests/AppTests/AppTests.swift",
      "Sources/App/Snippets/Kept.swift", "Snippets/Example.swift", "Examples/Package.swift",
      "Examples/Sources/E/E.swift", ".build/debug/x.o",
    ] {
      let url = package.appendingPathComponent(file)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("// \(file)\n".utf8).write(to: url)
    }
    #expect(
      ScratchPackage.files(under: package).sorted() == [
        "Package.swift", "Sources/App/App.swift", "Sources/App/Snippets/Kept.swift",
        "Tests/AppTests/AppTests.swift",
      ])
    let scratch = ScratchPackage(package: package)
    let stale = scratch.work.appendingPathComponent("Snippets/Example.swift")
    try FileManager.default.createDirectory(
      at: stale.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data().write(to: stale)
    try scratch.synchronize()
    #expect(!FileManager.default.fileExists(atPath: stale.path))
    #expect(
      FileManager.default.fileExists(
        atPath: scratch.work.appendingPathComponent("Sources/App/App.swift").path))
  }

  @Test func aBuildFolderGivenIsTheCopysBuildFolder() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("mutate-scratch-\(UInt32.random(in: 0...UInt32.max))")
    defer { try? FileManager.default.removeItem(at: folder) }
    let options = try MutateOptions(arguments: ["--scratch-path", folder.path])
    #expect(options.scratchPath == folder.path)
    let scratch = ScratchPackage(package: URL(fileURLWithPath: "/tmp/App"), build: folder)
    #expect(scratch.build == folder)
    #expect(
      ScratchPackage(package: URL(fileURLWithPath: "/tmp/App")).build.path
        == "/tmp/App/.build/uniflow-mutate/build")
  }

  @Test func whatATestProcessLeftRunningIsStoppedWithIt() async throws {
    let marker = FileManager.default.temporaryDirectory
      .appendingPathComponent("mutate-orphan-\(UInt32.random(in: 0...UInt32.max))")
    defer { try? FileManager.default.removeItem(at: marker) }
    let finished = await TimedProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "(sleep 1; touch '\(marker.path)') & exit 0"],
      in: URL(fileURLWithPath: "/tmp"), environment: [:], timeout: .seconds(30))
    #expect(finished.ending == .exited(0))
    try await Task.sleep(for: .milliseconds(1_500))
    #expect(!FileManager.default.fileExists(atPath: marker.path))
  }

  @Test func outputThatIsNotUTF8IsStillRead() async {
    let finished = await TimedProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", #"printf '\377\033[2J\342\200\256 Test t() failed\n'; exit 1"#],
      in: URL(fileURLWithPath: "/tmp"), environment: [:], timeout: .seconds(30))
    #expect(finished.ending == .exited(1))
    #expect(finished.output.contains("Test t() failed"))
    #expect(finished.output.contains("\u{FFFD}"))
  }

  @Test func aProgramThatCannotStartIsAFailureThatSaysWhy() async {
    let finished = await TimedProcess.run(
      URL(fileURLWithPath: "/nonexistent/tests"), [], in: URL(fileURLWithPath: "/tmp"),
      environment: [:], timeout: nil)
    #expect(finished.ending == .exited(-1) || finished.ending == .exited(127))
  }

  @Test func aRunIsStoppedAtTheFirstLineSayingATestFailed() async throws {
    let marker = FileManager.default.temporaryDirectory
      .appendingPathComponent("mutate-stopped-\(UInt32.random(in: 0...UInt32.max))")
    defer { try? FileManager.default.removeItem(at: marker) }
    // `script` run by sh, stopped at the first line that says a test failed (or at `stop`).
    func run(
      _ script: String,
      stoppingAt stop: @escaping @Sendable (Substring) -> Bool =
        TestBinary.saysATestFailed
    ) async -> TimedProcess.Finished {
      await TimedProcess.run(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: URL(fileURLWithPath: "/tmp"),
        environment: [:], timeout: .seconds(60), stopAt: stop)
    }
    // Past 200 KB of passing output (4,000 lines) (more than one read), a failure, then what the run
    // would have gone on to do, which is never done.
    let stopped = await run(
      "yes '✔ Test passes() passed after 0.001 seconds.' | head -n 4000; "
        + "echo '✘ Test fails() failed after 0.002 seconds with 1 issue.'; "
        + "(sleep 2; touch '\(marker.path)') & sleep 30")
    #expect(stopped.ending == .stopped)
    #expect(stopped.seconds < 10)
    #expect(TestOutcome.failingTests(in: stopped.output) == ["fails()"])
    // Hostile output before the failure: bytes that are not UTF-8, ESC and C1 sequences,
    // U+202E, a variation selector, and a 1 MB line with no newline until its end.
    let hostile = await run(
      #"printf '\377\033[2J\302\233 31m\342\200\256 ☺️e\314\201 Test x() failed\n'; "#
        + "head -c 1048576 /dev/zero | tr '\\0' 'a'; echo; "
        + "echo '✘ Test hostile() failed after 0.1 seconds with 1 issue.'; sleep 30")
    #expect(hostile.ending == .stopped)
    #expect(hostile.seconds < 10)
    #expect(TestOutcome.failingTests(in: hostile.output) == ["hostile()"])
    // A line is judged once it is whole (its first half alone would answer here), and a
    // run with no failure goes to its end.
    let whole = await run(
      "printf 'Test half'; sleep 0.3; printf ' and whole\\n'; exit 0",
      stoppingAt: { $0.hasSuffix("half") })
    #expect(whole.ending == .exited(0))
    #expect(whole.output == "Test half and whole\n")
    let passing = await run("echo '✔ Test passes() passed'; exit 0")
    #expect(passing.ending == .exited(0))
    try await Task.sleep(for: .milliseconds(2_500))
    #expect(!FileManager.default.fileExists(atPath: marker.path))
  }

  @Test func aProcessPastItsTimeIsStoppedAndACrashIsNamed() async {
    let shell = URL(fileURLWithPath: "/bin/sh")
    let folder = URL(fileURLWithPath: "/tmp")
    let slow = await TimedProcess.run(
      URL(fileURLWithPath: "/bin/sleep"), ["30"], in: folder, environment: [:],
      timeout: .milliseconds(300))
    #expect(slow.ending == .timedOut)
    #expect(slow.seconds < 10)
    let crash = await TimedProcess.run(
      shell, ["-c", "kill -SEGV $$"], in: folder, environment: [:], timeout: .seconds(30))
    #expect(crash.ending == .signalled(11))
    let failure = await TimedProcess.run(
      shell, ["-c", "echo $UNIFLOW_MUTANT; exit 3"], in: folder,
      environment: ["UNIFLOW_MUTANT": "7"], timeout: nil)
    #expect(failure.ending == .exited(3))
    #expect(failure.output == "7\n")
  }
}
