import ArgumentParser
import Foundation

// The tools run other programs (`Process`), which only a desktop OS has; on iOS and the
// other device platforms, which build every target of the package, this is left out.
#if os(macOS) || os(Linux) || os(Windows)

  /// The programs on swift-syntax (migrate's rewriter, mutate), built from Uniflow's
  /// checkout into the app's `.build/uniflow-migrate` and run there.
  enum RewriterTool {
    static func run(product: String, arguments: [String]) throws {
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
      // Without debug information: nobody steps through the rewriter in a debugger, and its
      // first build (swift-syntax) compiles a fifth less.
      let common = [
        "--package-path", copy.path, "--scratch-path", scratch.path, "-Xswiftc", "-gnone",
      ]
      // The build's progress goes to this terminal as it happens (to standard error, so
      // that standard output holds only the program's own output).
      let status = try Tool.streamingSwift(["build"] + common + ["--product", product])
      guard status == 0 else {
        throw CommandError(
          description: "the rewriter did not build; the build's errors are above")
      }
      let binPath = try Tool.swift(["build"] + common + ["--show-bin-path"])
      let binary = URL(
        fileURLWithPath: String(decoding: binPath.output, as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines)
      ).appendingPathComponent(product)
      // Its output, summary and errors go straight to this terminal.
      let process = Process()
      process.executableURL = binary
      process.arguments = arguments
      try process.run()
      process.waitUntilExit()
      if process.terminationStatus != 0 { throw ExitCode(process.terminationStatus) }
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
