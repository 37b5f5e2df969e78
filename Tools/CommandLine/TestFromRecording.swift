import ArgumentParser
import Foundation
import UniflowNewScreens
import UniflowSessions
import UniflowToolSupport

// The tools run other programs (`Process`), which only a desktop OS has; on iOS and the
// other device platforms, which build every target of the package, this is left out.
#if os(macOS) || os(Linux) || os(Windows)

  extension Uniflow {
    struct TestFromRecording: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "test-from-recording",
        abstract: "Write a Swift Testing test from a recorded session.",
        discussion: """
          The test sends each recorded action and supplies what each effect and hook \
          produced, asserting every state, so it passes against the code that was recorded \
          and fails where mutate or reduce now differ. Run in the app's package (or give \
          --package): the reactor's module must be a library product of it. A small program \
          that decodes the recording with the app's types is built in the package's \
          .build folder; the first run takes a while. An output file that exists is \
          refused unless --force.
          """)

      @Argument(help: "The session file, as `record(into:)` wrote it.")
      var session: String

      @Option(help: "The test file to write (Tests/AppTests/Bug1234Tests.swift).")
      var output: String

      @Option(help: "The app's package folder.")
      var package = "."

      @Option(help: "The reactor to test, Module.Type (default: the first in the file).")
      var reactor: String?

      @Option(help: "Which recording of that reactor, from 1: a file holds every one opened.")
      var occurrence = 1

      @Option(help: "The expression that makes the reactor (default: Type()).")
      var make: String?

      @Option(name: .customLong("import"), help: "A module the test also imports (repeatable).")
      var imports: [String] = []

      @Flag(help: "Overwrite the output file if it exists.")
      var force = false

      @Option(
        help: ArgumentHelp(
          "Build the decoding program in this build folder (the app's own, to compile only it).",
          discussion: """
            Where the app is built already (`swift build` leaves it in .build), its modules \
            and Uniflow are not compiled again. Not through the package plugin, which holds \
            the package's build folder while the command runs.
            """))
      var scratchPath: String?

      func validate() throws {
        guard occurrence >= 1 else { throw ValidationError("--occurrence counts from 1") }
        do {
          if let reactor { try RecordingTest.checkReactorName(reactor) }
          for module in imports { try RecordingTest.checkModuleName(module) }
        } catch {
          throw ValidationError(error.description)
        }
      }

      func run() throws {
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        // Refused before anything is built, as `uniflow new` does.
        if FileManager.default.fileExists(atPath: outputURL.path), !force {
          throw FileWriterError.filesExist([outputURL.path])
        }
        let sessionURL = URL(fileURLWithPath: session).standardizedFileURL
        let packageURL = URL(fileURLWithPath: package).standardizedFileURL
        // Read even when --reactor names one: a file that is no session is refused now, not
        // after a build.
        let firstReactor = try RecordingTest.firstReactor(inSession: sessionURL.path)
        let reactorType = reactor ?? firstReactor
        let module = String(reactorType.prefix { $0 != "." })

        let writer = try TestWriterProgram.build(
          reactorType: reactorType, package: packageURL,
          scratch: scratchPath.map { URL(fileURLWithPath: $0).standardizedFileURL })
        let stem = outputURL.deletingPathExtension().lastPathComponent
        let written = try writer.run(
          TestWriterRequest(
            session: sessionURL.path, occurrence: occurrence, name: sessionURL.lastPathComponent,
            make: make, imports: [module] + imports,
            suite: (try? RecordingTest.checkModuleName(stem)) != nil ? stem : nil))
        try FileWriter.write([PlannedFile(url: outputURL, contents: written)], force: force)
        print("wrote \(outputURL.path)")
      }
    }
  }

  /// The program that writes a test from a recording with the app's own types, built in
  /// the app package's `.build` folder (once; later builds are incremental).
  struct TestWriterProgram {
    let binary: URL

    /// Builds the writer for `reactorType` against the package at `package`, in `scratch`
    /// when one is given, or in a build folder of its own.
    static func build(reactorType: String, package packageURL: URL, scratch: URL? = nil) throws
      -> TestWriterProgram
    {
      let module = String(reactorType.prefix { $0 != "." })
      let dumped = try Tool.swift(["package", "dump-package", "--package-path", packageURL.path])
      guard dumped.status == 0 else {
        throw CommandError(
          description: "cannot read \(packageURL.path)/Package.swift:\n" + dumped.error)
      }
      let writer = try RecordingTest.writerPackage(
        reactorType: reactorType, packageFolder: packageURL, dumpedManifest: dumped.output)
      let folder = packageURL.appendingPathComponent(".build/uniflow-test-from-recording")
      try Tool.update(folder.appendingPathComponent("Package.swift"), to: writer.manifest)
      try Tool.update(
        folder.appendingPathComponent("Sources/WriteSessionTest/main.swift"), to: writer.main)

      FileHandle.standardError.write(
        Data("Building the test writer with \(module)'s types…\n".utf8))
      let scratchArguments = scratch.map { ["--scratch-path", $0.path] } ?? []
      let build = try Tool.swift(["build", "--package-path", folder.path] + scratchArguments)
      guard build.status == 0 else {
        let lines = (String(decoding: build.output, as: UTF8.self) + build.error)
          .split(separator: "\n")
        let errors = lines.filter { $0.contains("error:") }
        throw CommandError(
          description: "the test writer did not build:\n"
            + (errors.isEmpty ? lines.suffix(30) : errors.prefix(30)).joined(separator: "\n"))
      }
      let binPath = try Tool.swift(
        ["build", "--package-path", folder.path, "--show-bin-path"] + scratchArguments)
      return TestWriterProgram(
        binary: URL(
          fileURLWithPath: String(decoding: binPath.output, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        ).appendingPathComponent("WriteSessionTest"))
    }

    /// The test's source, as the writer prints it for `request`.
    func run(_ request: TestWriterRequest) throws -> Data {
      let written = try Tool.run(binary, [request.argument])
      guard written.status == 0 else {
        throw CommandError(description: String(decoding: written.error, as: UTF8.self))
      }
      return written.output
    }
  }

#endif
