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
        // Built from a copy under the app's .build, so that SwiftPM's Package.resolved and
        // everything else the build writes stay in the app's package (Uniflow's checkout may
        // be read-only, as it is in the macOS plugin sandbox).
        let copy = scratch.appendingPathComponent("rewriter")
        try RewriterCopy.update(copy, from: package)
        FileHandle.standardError.write(
          Data(
            "Building the rewriter (swift-syntax; a few minutes the first time, then seconds)…\n"
              .utf8))
        let common = ["--package-path", copy.path, "--scratch-path", scratch.path]
        // The build's progress goes to this terminal as it happens (to standard error, so
        // that standard output holds only the rewriter's diff).
        let status = try Tool.streamingSwift(["build"] + common + ["--product", "uniflow-migrate"])
        guard status == 0 else {
          throw CommandError(
            description: "the rewriter did not build; the build's errors are above")
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

  /// The rewriter's package, copied under the app's `.build` to be built there.
  enum RewriterCopy {
    /// Makes `copy` hold what `package` holds (its manifest, sources and tests, not its
    /// build folders nor a `Package.resolved`), writing only the files that differ, so
    /// that an unchanged rewriter is not compiled again.
    static func update(_ copy: URL, from package: URL) throws {
      let manager = FileManager.default
      try manager.createDirectory(at: copy, withIntermediateDirectories: true)
      let skipped: Set = [".build", ".swiftpm", "Package.resolved"]
      guard
        let files = manager.enumerator(
          at: package, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey])
      else {
        throw CommandError(description: "cannot read the rewriter's package at \(package.path)")
      }
      var wanted: Set<String> = []
      for case let file as URL in files {
        if skipped.contains(file.lastPathComponent) || file.lastPathComponent.hasPrefix(".build") {
          files.skipDescendants()
          continue
        }
        let relative = String(file.path.dropFirst(package.path.count + 1))
        let target = copy.appendingPathComponent(relative)
        if (try file.resourceValues(forKeys: [.isDirectoryKey])).isDirectory == true {
          try manager.createDirectory(at: target, withIntermediateDirectories: true)
          continue
        }
        wanted.insert(relative)
        let contents = try Data(contentsOf: file)
        if (try? Data(contentsOf: target)) != contents {
          try contents.write(to: target, options: .atomic)
        }
      }
      // A file the rewriter no longer has would still be compiled.
      for folder in ["Sources", "Tests"] {
        let root = copy.appendingPathComponent(folder)
        guard
          let copied = manager.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { continue }
        for case let file as URL in copied
        where (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
          let relative = String(file.path.dropFirst(copy.path.count + 1))
          if !wanted.contains(relative) { try manager.removeItem(at: file) }
        }
      }
    }
  }

#endif
