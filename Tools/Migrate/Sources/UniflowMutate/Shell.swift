import Foundation

/// Runs a program to its end and collects what it printed.
enum Shell {
  struct Result {
    var status: Int32
    var output: String
  }

  /// Runs `program` (found on the `PATH`) with `arguments` in `folder`; its standard
  /// output and error together.
  static func run(_ program: String, _ arguments: [String], in folder: URL) -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    process.currentDirectoryURL = folder
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("uniflow-mutate-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    guard let handle = try? FileHandle(forWritingTo: log) else {
      return Result(status: -1, output: "could not write \(log.path)")
    }
    process.standardOutput = handle
    process.standardError = handle
    do {
      try process.run()
    } catch {
      return Result(status: -1, output: "\(error)")
    }
    process.waitUntilExit()
    try? handle.close()
    let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return Result(status: process.terminationStatus, output: output)
  }

  /// The first executable named `name` in the `PATH`'s folders; `nil` when none is.
  static func programInPath(_ name: String) -> URL? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    for folder in folders where !folder.isEmpty {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }
}
