import Foundation

/// The package's test program, which SwiftPM links from every test target: run once for
/// XCTest and once for Swift Testing, with the tests a mutant can reach chosen by name.
struct TestBinary: Sendable {
  let path: URL
  let folder: URL
  /// Every test, by module: XCTest's as `Module.Case/testName`, Swift Testing's as
  /// `Module.Suite/name()`.
  var xcTests: [String] = []
  var swiftTests: [String] = []

  init(path: URL, folder: URL) throws(MutateError) {
    self.path = path
    self.folder = folder
    guard FileManager.default.isExecutableFile(atPath: path.path) else {
      throw .toolFailed(
        command: "listing the tests",
        output: "the test program \(path.path) is not an executable: it was not built, or it "
          + "is a bundle, as on macOS, where mutate cannot run tests yet")
    }
    let xcTestList = Shell.run(path.path, ["--list-tests"], in: folder)
    xcTests = xcTestList.output.split(separator: "\n").map(String.init).filter {
      $0.contains("/") && !$0.contains(" ") && $0.contains(".")
    }
    let swiftTestList = Shell.run(
      path.path, ["--testing-library", "swift-testing", "--list-tests"], in: folder)
    swiftTests = swiftTestList.output.split(separator: "\n").map(String.init).filter {
      !$0.contains(" ") && $0.contains(".")
    }
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

  /// Runs the selection with `mutant` on (none: the code as written); the first failing
  /// library's run decides.
  func run(_ selection: TestSelection, mutant: Int?, timeout: Duration?) async -> TestOutcome {
    var environment = ProcessInfo.processInfo.environment
    environment[MutantSwitch.environmentVariable] = mutant.map(String.init) ?? "-1"
    var failing: [String] = []
    var seconds = 0.0
    // The test program's runs, then each spec runner's, which runs all its specs.
    let runs =
      selection.invocations.map { (program: path, arguments: $0) }
      + selection.specRunners.map {
        (program: path.deletingLastPathComponent().appendingPathComponent($0), arguments: [])
      }
    for (program, arguments) in runs {
      let finished = await TimedProcess.run(
        program, arguments, in: folder, environment: environment, timeout: timeout)
      seconds += finished.seconds
      switch finished.ending {
      case .exited(0): continue
      case .exited:
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
    var names: [String] = []
    for line in output.split(separator: "\n") {
      if let range = line.range(of: "Test Case '"), let end = line.range(of: "' failed") {
        names.append(String(line[range.upperBound..<end.lowerBound]))
      } else if let range = line.range(of: "Test "), let end = line.range(of: " failed after"),
        range.upperBound < end.lowerBound, !line.contains("Test run with")
      {
        names.append(String(line[range.upperBound..<end.lowerBound]))
      }
    }
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }
}
