import UniflowMigrate
import Foundation

/// `uniflow mutate`'s command line.
///
/// ```swift
/// let options = try MutateOptions(arguments: ["--target", "TodoCore", "--jobs", "2"])
/// ```
public struct MutateOptions: Sendable {
  public var packagePath = "."
  public var targets: [String] = []
  public var files: [String] = []
  public var since: String?
  public var tests: String?
  public var jobs = ProcessInfo.processInfo.activeProcessorCount
  public var jsonPath: String?
  public var htmlPath: String?
  public var failUnder: Double?
  public var maxAlone = 40
  public var scratchPath: String?
  public var quiet = false
  /// Whether the tests run through `swift test --skip-build` rather than the test program
  /// itself: always so for a test bundle (macOS).
  public var throughSwiftTest = false
  /// Whether each mutant's tests run to their end, so that the report names every test that
  /// fails; by default a run stops at its first failing test.
  public var allFailures = false

  public static let usage = """
    usage: uniflow mutate [--target NAME]… [--file PATH]… [--since REV] [--tests FILTER]
                          [--jobs N] [--json PATH] [--html PATH] [--fail-under SCORE]
                          [--max-alone N] [--package-path FOLDER] [--scratch-path FOLDER]
                          [--through-swift-test] [--all-failures] [--quiet]

    Changes the package's screens in small ways a test should notice (a comparison, a
    reducer's case, a `mutate` case returning `.none`, a relay's `accept`, a pop…), runs
    the tests that can reach each change, and reports every change no test noticed. The
    package is copied and built under .build/uniflow-mutate; its own files are never
    written. Every mutant is compiled into one build and chosen when the tests run.

      --target NAME      mutate this source target (any number; default: every library
                         a test target depends on)
      --file PATH        mutate only this file, a path from the package's folder (any number)
      --since REV        mutate only the lines changed since the git revision REV
      --tests FILTER     run only the tests whose names match this regular expression
      --jobs N           test processes at once (default: the number of cores)
      --json PATH        where the report goes in Stryker's mutation-testing schema
                         (default: .build/uniflow-mutate/report.json)
      --html PATH        where the report's page goes (default: .build/uniflow-mutate/report.html)
      --fail-under SCORE exit with an error when the score is under SCORE (0–100)
      --max-alone N      build at most N mutants on their own (default 40)
      --scratch-path FOLDER
                         build the copy in this build folder: the package's own .build,
                         where `swift build` compiled its dependencies, compiles only the
                         mutated targets and the tests (the package plugin holds that
                         folder while it runs, so not through the plugin)
      --through-swift-test
                         run the tests through `swift test --skip-build` rather than the
                         test program itself (always so on macOS, where the program is a
                         bundle); each run then costs SwiftPM's start as well
      --all-failures     run each mutant's tests to their end, so that the report names
                         every test that fails (by default they stop at the first failing
                         test, which is all a killed mutant needs)
      --quiet            no progress on standard error

    Mark an equivalent mutant with a comment on its line, or on the line above:
      // uniflow-mutate: ignore <the reason no test can tell>
    """

  public init(arguments: [String]) throws(MutateError) {
    var index = 0
    func value(_ flag: String) throws(MutateError) -> String {
      index += 1
      guard index < arguments.count, !arguments[index].hasPrefix("--") else {
        throw .usage("\(flag) needs a value\n\n" + Self.usage)
      }
      return arguments[index]
    }
    func number(_ flag: String, in range: ClosedRange<Double>) throws(MutateError) -> Double {
      let text = try value(flag)
      guard let number = Double(text), range.contains(number) else {
        throw .usage(
          "\(flag) takes a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), not \(shown(text))"
        )
      }
      return number
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--target": targets.append(try value(argument))
      case "--file": files.append(Self.normalized(try value(argument)))
      case "--since": since = try value(argument)
      case "--tests":
        let filter = try value(argument)
        guard (try? NSRegularExpression(pattern: filter)) != nil else {
          throw .usage("--tests takes a regular expression; \(shown(filter)) is not one")
        }
        tests = filter
      case "--jobs": jobs = Int(try number(argument, in: 1...64))
      case "--json": jsonPath = try value(argument)
      case "--html": htmlPath = try value(argument)
      case "--fail-under": failUnder = try number(argument, in: 0...100)
      case "--max-alone": maxAlone = Int(try number(argument, in: 0...10_000))
      case "--package-path": packagePath = try value(argument)
      case "--scratch-path": scratchPath = try value(argument)
      case "--quiet": quiet = true
      case "--through-swift-test": throughSwiftTest = true
      case "--all-failures": allFailures = true
      case "-h", "--help": throw .usage(Self.usage)
      default: throw .usage("unknown argument \(shown(argument))\n\n" + Self.usage)
      }
      index += 1
    }
  }

  /// `./Sources/A.swift` as `Sources/A.swift`.
  static func normalized(_ path: String) -> String {
    var path = path
    while path.hasPrefix("./") { path.removeFirst(2) }
    return path
  }

  /// Whether the run mutates the file at `path`.
  func wants(_ path: String) -> Bool {
    path.hasSuffix(".swift") && (files.isEmpty || files.contains(path))
      && !path.hasSuffix("/" + MutantSwitch.fileName)
  }

  /// `--tests` as an expression.
  var testFilter: NSRegularExpression? { tests.flatMap { try? NSRegularExpression(pattern: $0) } }
}

/// `uniflow mutate`: runs the mutants and writes the reports.
public enum MutateCommand {
  /// Runs what `options` asks, writes the JSON report and the page, and returns the report.
  public static func run(_ options: MutateOptions) async throws(MutateError) -> MutationReport {
    let folder = URL(fileURLWithPath: options.packagePath).standardizedFileURL
    guard
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    else { throw .notAPackage(folder.path) }
    try checkReportPaths(options)
    let scratch = ScratchPackage(
      package: folder,
      build: options.scratchPath.map { URL(fileURLWithPath: $0).standardizedFileURL })
    let run = MutationRun(
      options: options, scratch: scratch, progress: Progress(quiet: options.quiet))
    let report = try await run.run()
    let json =
      options.jsonPath.map { URL(fileURLWithPath: $0) }
      ?? scratch.root.appendingPathComponent("report.json")
    let html =
      options.htmlPath.map { URL(fileURLWithPath: $0) }
      ?? scratch.root.appendingPathComponent("report.html")
    do {
      try report.strykerJSON().write(to: json)
      try Data(report.html().utf8).write(to: html)
    } catch {
      throw .toolFailed(command: "writing the reports", output: "\(error)")
    }
    return report
  }

  /// Refuses a `--json` or `--html` path that holds a file other than an earlier report of
  /// this command: it is never replaced.
  static func checkReportPaths(_ options: MutateOptions) throws(MutateError) {
    for path in [options.jsonPath, options.htmlPath].compactMap({ $0 })
    where FileManager.default.fileExists(atPath: path) {
      let existing = try? String(contentsOfFile: path, encoding: .utf8)
      if existing?.contains(MutationReport.generator) != true { throw .reportPathTaken(path) }
    }
  }
}
