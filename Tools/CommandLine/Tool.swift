import Foundation

// Running other programs needs `Process`, which only a desktop OS has; on iOS and the other
// device platforms, which build every target of the package, this is left out.
#if os(macOS) || os(Linux) || os(Windows)

  /// Running other programs for the commands: the Swift toolchain, the test writer that
  /// `test-from-recording` builds, and the rewriter that `migrate` builds.
  enum Tool {
    /// `swift` with `arguments`, found on the `PATH`; its output and error streams together.
    static func swift(_ arguments: [String]) throws -> (status: Int32, output: Data, error: String)
    {
      let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments)
      return (result.status, result.output, String(decoding: result.error, as: UTF8.self))
    }

    /// `swift` with `arguments`, its output and errors written to this process's standard
    /// error as they come, for a long build whose progress a person watches; its status.
    static func streamingSwift(_ arguments: [String]) throws -> Int32 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["swift"] + arguments
      process.standardOutput = FileHandle.standardError
      process.standardError = FileHandle.standardError
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }

    /// Runs `executable`; what it writes goes to temporary files, so a long output cannot
    /// fill a pipe and stall it.
    static func run(_ executable: URL, _ arguments: [String]) throws -> (
      status: Int32, output: Data, error: Data
    ) {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("uniflow-run-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let outputURL = folder.appendingPathComponent("output")
      let errorURL = folder.appendingPathComponent("error")
      try Data().write(to: outputURL)
      try Data().write(to: errorURL)
      let output = try FileHandle(forWritingTo: outputURL)
      let error = try FileHandle(forWritingTo: errorURL)
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.standardOutput = output
      process.standardError = error
      try process.run()
      process.waitUntilExit()
      try output.close()
      try error.close()
      return (
        process.terminationStatus, try Data(contentsOf: outputURL), try Data(contentsOf: errorURL)
      )
    }

    /// Writes `text` at `url` unless it already holds it (an unchanged file is not rebuilt).
    static func update(_ url: URL, to text: String) throws {
      let data = Data(text.utf8)
      if (try? Data(contentsOf: url)) == data { return }
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url, options: .atomic)
    }
  }

#endif
