import ArgumentParser
import Foundation

// The tools run other programs (`Process`), which only a desktop OS has; on iOS and the
// other device platforms, which build every target of the package, this is left out.
#if os(macOS) || os(Linux) || os(Windows)

  extension Uniflow {
    struct Migrate: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Rewrite ReactorKit, Unio and RxSwift MVVM code and its tests into Uniflow.",
        discussion: """
          Rewrites the mechanical part of a port in place: imports, Observable and the Rx \
          subjects, mutate's effects and the runtime line, Rx's operators and factories, \
          Stubber stubs, XCTest cases as Swift Testing suites, RxTest's scheduler, Quick \
          specs. What needs a decision gets a `// uniflow-migrate:` note naming the guide's \
          section. Nothing is written unless every file parses; --dry-run prints a diff; \
          --output writes copies and never replaces a file unless --overwrite. The rewriter \
          is built on swift-syntax in a package of its own (Tools/Migrate in Uniflow's \
          checkout), into .build/uniflow-migrate; its first build takes a few minutes.
          """)

      @Argument(
        parsing: .allUnrecognized,
        help: "The files and folders to migrate, and --dry-run, --output FOLDER, --overwrite.")
      var arguments: [String] = []

      func run() throws {
        // Uniflow's checkout, from this file's place in it (an app's is under
        // .build/checkouts): the rewriter is a package there.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
          .deletingLastPathComponent().appendingPathComponent("Migrate")
        guard
          FileManager.default.fileExists(
            atPath: package.appendingPathComponent("Package.swift").path)
        else {
          throw CommandError(description: "the rewriter's package is not at \(package.path)")
        }
        let scratch = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
          .appendingPathComponent(".build/uniflow-migrate")
        FileHandle.standardError.write(
          Data("Building the rewriter (swift-syntax; a few minutes the first time)…\n".utf8))
        let common = ["--package-path", package.path, "--scratch-path", scratch.path]
        let build = try Tool.swift(["build"] + common + ["--product", "uniflow-migrate"])
        guard build.status == 0 else {
          let lines = (String(decoding: build.output, as: UTF8.self) + build.error).split(
            separator: "\n")
          throw CommandError(
            description: "the rewriter did not build:\n" + lines.suffix(30).joined(separator: "\n"))
        }
        let binPath = try Tool.swift(["build"] + common + ["--show-bin-path"])
        let binary = URL(
          fileURLWithPath: String(decoding: binPath.output, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        ).appendingPathComponent("uniflow-migrate")
        // Its diff, summary and errors go straight to this terminal.
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw ExitCode(process.terminationStatus) }
      }
    }
  }

#endif
