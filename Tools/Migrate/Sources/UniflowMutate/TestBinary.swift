import Foundation

/// The package's test program, which SwiftPM links from every test target: run once for
/// XCTest and once for Swift Testing, with the tests a mutant can reach chosen by name.
///
/// On Linux the program is an executable and runs itself. On macOS it is a bundle that only
/// a host process loads, so its tests run through `swift test --skip-build`, which finds
/// the same tests by the same names (``Launch/swiftTest(swift:package:scratch:)``).
struct TestBinary: Sendable {
  /// How the tests are started.
  enum Launch: Sendable, Equatable {
    /// The test program itself (`NamePackageTests.xctest`, an executable on Linux).
    case program
    /// `swift test --skip-build` in `package`, built in `scratch`: for a test bundle.
    case swiftTest(swift: URL, package: URL, scratch: URL)
  }

  let path: URL
  let folder: URL
  let launch: Launch
  /// Every test, by module: XCTest's as `Module.Case/testName`, Swift Testing's as
  /// `Module.Suite/name()`.
  var xcTests: [String] = []
  var swiftTests: [String] = []

  /// The test program at `path`, built from `package` in `scratch`: run itself when it is
  /// an executable, through `swift test` when it is a bundle (macOS) or when
  /// `throughSwiftTest` asks for it.
  init(
    path: URL, folder: URL, package: URL? = nil, scratch: URL? = nil,
    throughSwiftTest: Bool = false, swift: URL? = Shell.programInPath("swift")
  ) throws(MutateError) {
    self.path = path
    self.folder = folder
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder)
    let isProgram =
      exists && !isFolder.boolValue
      && FileManager.default.isExecutableFile(atPath: path.path)
    if isProgram && !throughSwiftTest {
      launch = .program
      let xcTestList = Shell.run(path.path, ["--list-tests"], in: folder)
      xcTests = Self.xcTestNames(listed: xcTestList.output)
      let swiftTestList = Shell.run(
        path.path, ["--testing-library", "swift-testing", "--list-tests"], in: folder)
      swiftTests = Self.swiftTestNames(listed: swiftTestList.output)
      return
    }
    guard exists, let package, let scratch else {
      throw .toolFailed(
        command: "listing the tests",
        output: "the test program \(path.path) was not built: the package has no test target "
          + "that builds, or the build put it elsewhere")
    }
    guard let swift else {
      throw .toolFailed(
        command: "listing the tests",
        output: "the test program \(path.path) is a bundle, whose tests run through "
          + "`swift test`, and no `swift` is in PATH")
    }
    launch = .swiftTest(swift: swift, package: package, scratch: scratch)
    let common = ["test", "list", "--skip-build"] + Self.packageArguments(package, scratch)
    let xcTestList = Shell.run(swift.path, common + ["--disable-swift-testing"], in: folder)
    xcTests = Self.xcTestNames(listed: xcTestList.output)
    let swiftTestList = Shell.run(swift.path, common + ["--disable-xctest"], in: folder)
    swiftTests = Self.swiftTestNames(listed: swiftTestList.output)
  }

  /// `swift test`'s arguments that name the package and its build folder.
  static func packageArguments(_ package: URL, _ scratch: URL) -> [String] {
    ["--package-path", package.path, "--scratch-path", scratch.path]
  }

  /// The XCTest names in `--list-tests`' output (`Module.Case/testName`), without its
  /// heading and blank lines.
  static func xcTestNames(listed output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter {
      $0.contains("/") && $0.contains(".") && !containsBareSpace($0)
    }
  }

  /// The Swift Testing names in `--list-tests`' output (`Module.Suite/name()`). A name
  /// written as a raw identifier keeps its backticks and its spaces
  /// (``Module.`A suite`/`adds one`()``): a space inside backticks belongs to the name, one
  /// outside them marks a line that is not a name.
  static func swiftTestNames(listed output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter {
      $0.contains(".") && !containsBareSpace($0)
    }
  }

  /// Whether `line` holds whitespace outside a pair of backticks.
  private static func containsBareSpace(_ line: String) -> Bool {
    var insideBackticks = false
    for character in line {
      if character == "`" {
        insideBackticks.toggle()
      } else if character.isWhitespace, !insideBackticks {
        return true
      }
    }
    return insideBackticks
  }

  /// The tests of `modules` whose names match `filter`, and the spec runners `runners`.
  func selection(
    modules: Set<String>, runners: [String] = [], filter: NSRegularExpression?
  ) -> TestSelection {
    func chosen(_ names: [String]) -> [String] {
      names.filter { name in
        guard let module = name.split(separator: ".").first, modules.contains(String(module))
        else { return false }
        guard let filter else { return true }
        return filter.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
      }
    }
    return TestSelection(
      xcTests: chosen(xcTests), swiftTests: chosen(swiftTests), modules: modules.sorted(),
      filtered: filter != nil, specRunners: runners.sorted())
  }

  /// Whether a line of a test run's output says that a test failed.
  @Sendable static func saysATestFailed(_ line: Substring) -> Bool {
    TestOutcome.failingTest(on: line) != nil
  }

  /// Runs the selection with `mutant` on (none: the code as written); the first failing
  /// library's run decides. With `stoppingAtFirstFailure`, a run is stopped as soon as it
  /// prints a failing test: that test has killed the mutant, and the rest would only add
  /// names to the report.
  func run(
    _ selection: TestSelection, mutant: Int?, timeout: Duration?,
    stoppingAtFirstFailure: Bool = false
  ) async -> TestOutcome {
    var environment = ProcessInfo.processInfo.environment
    environment[MutantSwitch.environmentVariable] = mutant.map(String.init) ?? "-1"
    var failing: [String] = []
    var seconds = 0.0
    // The test program's runs, then each spec runner's, which runs all its specs.
    let tests: [(program: URL, arguments: [String])]
    switch launch {
    case .program:
      tests = selection.invocations.map { (path, $0) }
    case .swiftTest(let swift, let package, let scratch):
      let common = ["test", "--skip-build"] + Self.packageArguments(package, scratch)
      tests = selection.swiftTestInvocations.map { (swift, common + $0) }
    }
    let runs =
      tests
      + selection.specRunners.map {
        (program: path.deletingLastPathComponent().appendingPathComponent($0), arguments: [])
      }
    for (program, arguments) in runs {
      let finished = await TimedProcess.run(
        program, arguments, in: folder, environment: environment, timeout: timeout,
        stopAt: stoppingAtFirstFailure ? Self.saysATestFailed : nil)
      seconds += finished.seconds
      switch finished.ending {
      case .exited(0): continue
      case .exited, .stopped:
        failing += TestOutcome.failingTests(in: finished.output)
        return TestOutcome(
          verdict: .failed, failing: failing, seconds: seconds, output: finished.output)
      case .signalled(let signal):
        return TestOutcome(
          verdict: .crashed(signal: signal), failing: TestOutcome.failingTests(in: finished.output),
          seconds: seconds, output: finished.output)
      case .timedOut:
        return TestOutcome(
          verdict: .timedOut, failing: [], seconds: seconds, output: finished.output)
      }
    }
    return TestOutcome(verdict: .passed, failing: [], seconds: seconds, output: "")
  }
}

/// The tests run against a mutant.
struct TestSelection: Hashable, Sendable {
  var xcTests: [String]
  var swiftTests: [String]
  var modules: [String]
  /// Whether `--tests` narrowed the selection to some tests of the modules.
  var filtered: Bool
  /// The executables that run Quick specs (``PackageLayout/specRunners(reaching:)``), each
  /// run whole, after the test program.
  var specRunners: [String] = []

  var isEmpty: Bool { xcTests.isEmpty && swiftTests.isEmpty && specRunners.isEmpty }
  /// The tests, with each spec runner counted as one.
  var count: Int { xcTests.count + swiftTests.count + specRunners.count }

  /// `swift test`'s arguments past `test --skip-build` and the package's: one run for each
  /// library that has tests here, each test chosen by a regular expression that matches it
  /// alone (a module by its prefix when every test of the modules runs).
  var swiftTestInvocations: [[String]] {
    var runs: [[String]] = []
    let modules = "^(" + self.modules.map(Self.escaped).joined(separator: "|") + ")\\."
    if !xcTests.isEmpty {
      var arguments = ["--disable-swift-testing"]
      for name in xcTests { arguments += ["--filter", "^" + Self.escaped(name) + "$"] }
      runs.append(arguments)
    }
    if !swiftTests.isEmpty {
      var arguments = ["--disable-xctest"]
      if filtered {
        for name in swiftTests { arguments += ["--filter", "^" + Self.escaped(name)] }
      } else {
        arguments += ["--filter", modules]
      }
      runs.append(arguments)
    }
    return runs
  }

  /// The test program's arguments: one run for each library that has tests here.
  var invocations: [[String]] {
    var runs: [[String]] = []
    if !xcTests.isEmpty { runs.append([xcTests.joined(separator: ",")]) }
    if !swiftTests.isEmpty {
      var arguments = ["--testing-library", "swift-testing"]
      if filtered {
        // A test's identifier goes on after its name (its source place): no `$`.
        for name in swiftTests { arguments += ["--filter", "^" + Self.escaped(name)] }
      } else {
        let modules = self.modules.map(Self.escaped)
        arguments += ["--filter", "^(" + modules.joined(separator: "|") + ")\\."]
      }
      runs.append(arguments)
    }
    return runs
  }
}

extension TestSelection {
  /// `name` as a regular expression that matches it alone: Swift's `Regex` syntax, in
  /// which `/` needs no escape.
  static func escaped(_ name: String) -> String {
    var pattern = ""
    for character in name {
      if "\\^$.|?*+()[]{}".contains(character) { pattern.append("\\") }
      pattern.append(character)
    }
    return pattern
  }
}

/// What the tests did with a mutant on.
struct TestOutcome: Sendable {
  enum Verdict: Sendable, Equatable {
    case passed
    case failed
    case crashed(signal: Int32)
    case timedOut
  }

  var verdict: Verdict
  /// The tests that failed, as the libraries named them.
  var failing: [String]
  var seconds: Double
  var output: String

  /// The failing tests a run printed: Swift Testing's `✘ Test name() failed` and XCTest's
  /// `Test Case 'Module.Case/test' failed`.
  static func failingTests(in output: String) -> [String] {
    var seen: Set<String> = []
    return output.split(separator: "\n").compactMap(failingTest(on:)).filter {
      seen.insert($0).inserted
    }
  }

  /// The test a line of output says failed, if it says so: the one reading of a failure
  /// that both the report and the stop at a mutant's first failing test use. The verdict is
  /// the line's last words (`failed after 0.1 seconds…`, `failed (0.001 seconds).`), so a
  /// passing test whose name holds those words is not read as failing.
  static func failingTest(on line: Substring) -> String? {
    if let start = line.range(of: "Test Case '"),
      let end = line.range(of: "' failed (", options: .backwards),
      start.upperBound <= end.lowerBound, line[end.upperBound...].first?.isNumber == true
    {
      return String(line[start.upperBound..<end.lowerBound])
    }
    if let start = line.range(of: "Test "),
      let end = line.range(of: " failed after ", options: .backwards),
      start.upperBound < end.lowerBound, line[end.upperBound...].first?.isNumber == true,
      !line[end.upperBound...].contains(" passed after "), !line.contains("Test run with")
    {
      return String(line[start.upperBound..<end.lowerBound])
    }
    return nil
  }
}
