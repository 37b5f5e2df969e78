import ArgumentParser
import Foundation
import Uniflow
import UniflowTesting
import UniflowNewScreens
import UniflowSessions
import UniflowToolSupport

// The tools run other programs (`Process`), which only a desktop OS has; on iOS and the
// other device platforms, which build every target of the package, this is left out.
#if os(macOS) || os(Linux) || os(Windows)

  extension Uniflow {
    struct View: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Write a session as one HTML page to read in a browser.",
        discussion: """
          The page holds everything (no network): every recording of the file (reactors, \
          streams, view models), a timeline of their steps with a filter and ↑/↓, and for \
          each step its value, the state after it and a diff against the state before. A \
          step has a link of its own (page.html#step-120). With --package, "Copy as test" \
          copies what test-from-recording writes, cut after the step; it builds the same \
          small program in the app's package. A file that is not a session is refused and \
          no page is written; an existing page is refused unless --force.
          """)

      @Argument(help: "The session file, as `record(into:)` wrote it.")
      var session: String

      @Option(help: "The page to write (default: the session's path with .html).")
      var output: String?

      @Flag(help: "Overwrite the page if it exists.")
      var force = false

      @Flag(help: "Open the page in the default browser once written.")
      var open = false

      @Option(help: "The app's package folder: enables \"Copy as test\" for its reactors.")
      var package: String?

      @Option(
        help: ArgumentHelp(
          "How a copied test makes a reactor: `Module.Type=EXPRESSION` for one type (repeatable; "
            + "then only those types get tests), or an EXPRESSION for every reactor "
            + "(default: Type()).", valueName: "make"))
      var make: [String] = []

      @Option(name: .customLong("import"), help: "A module copied tests also import (repeatable).")
      var imports: [String] = []

      @Option(
        help: ArgumentHelp(
          "With --package, build the test-writing program in this build folder (the app's "
            + "own, to compile only it), as test-from-recording's --scratch-path does."))
      var scratchPath: String?

      func validate() throws {
        do {
          for module in imports { try RecordingTest.checkModuleName(module) }
        } catch {
          throw ValidationError(error.description)
        }
      }

      func run() throws {
        let sessionURL = URL(fileURLWithPath: session).standardizedFileURL
        let outputURL = URL(fileURLWithPath: output ?? sessionURL.path + ".html")
          .standardizedFileURL
        if FileManager.default.fileExists(atPath: outputURL.path), !force {
          throw FileWriterError.filesExist([outputURL.path])
        }
        let contents: SessionContents
        do {
          contents = try SessionContents(path: sessionURL.path)
        } catch {
          throw CommandError(description: error.description)
        }
        var tests: [Int: String] = [:]
        if let package {
          tests = try self.tests(
            for: contents, package: URL(fileURLWithPath: package), at: sessionURL)
        }
        let html = try SessionPage.html(
          for: contents, named: sessionURL.lastPathComponent, tests: tests)
        try FileWriter.write([PlannedFile(url: outputURL, contents: Data(html.utf8))], force: force)
        print(outputURL.path)
        if open { try Self.open(outputURL) }
      }

      /// The test of each reactor recording, with step markers, from the app's own types.
      private func tests(for contents: SessionContents, package: URL, at session: URL) throws
        -> [Int: String]
      {
        // `Type=expression` names the types to write tests for; a bare expression is for all.
        var byType: [String: String] = [:]
        var forAll: String?
        for given in make {
          if let equals = given.firstIndex(of: "="),
            contents.recordings.contains(where: { $0.type == given[..<equals] })
          {
            byType[String(given[..<equals])] = String(given[given.index(after: equals)...])
          } else {
            forAll = given
          }
        }
        var writers: [String: TestWriterProgram] = [:]
        var occurrences: [String: Int] = [:]
        var tests: [Int: String] = [:]
        for recording in contents.recordings where recording.shape == .reactor {
          occurrences[recording.type, default: 0] += 1
          guard byType.isEmpty || byType[recording.type] != nil else { continue }
          do {
            try RecordingTest.checkReactorName(recording.type)
          } catch {
            throw CommandError(description: error.description)
          }
          let writer =
            try writers[recording.type]
            ?? TestWriterProgram.build(
              reactorType: recording.type, package: package.standardizedFileURL,
              scratch: scratchPath.map { URL(fileURLWithPath: $0).standardizedFileURL })
          writers[recording.type] = writer
          let module = String(recording.type.prefix { $0 != "." })
          let request = TestWriterRequest(
            session: session.path, occurrence: occurrences[recording.type]!,
            name: session.lastPathComponent, make: byType[recording.type] ?? forAll,
            imports: [module] + imports, marksSteps: true)
          tests[recording.instance] = String(decoding: try writer.run(request), as: UTF8.self)
        }
        return tests
      }

      /// Opens `url` with the system's opener.
      private static func open(_ url: URL) throws {
        #if os(macOS)
          let opener = "/usr/bin/open"
        #else
          let opener = "/usr/bin/xdg-open"
        #endif
        guard FileManager.default.isExecutableFile(atPath: opener) else {
          throw CommandError(description: "cannot open the page: \(opener) is missing")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url.path]
        try process.run()
      }
    }
  }

#endif
