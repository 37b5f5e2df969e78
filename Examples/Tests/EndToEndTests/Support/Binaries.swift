import Foundation

/// The example binaries, built next to the test bundle by `swift build`.
enum Binaries {
  static func url(of name: String) throws -> URL {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [
      directory.appendingPathComponent(name),
      directory.deletingLastPathComponent().appendingPathComponent(name),
    ]
    guard
      let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
      throw Missing(name: name, searched: candidates.map(\.path))
    }
    return found
  }

  struct Missing: Error, CustomStringConvertible {
    let name: String
    let searched: [String]
    var description: String {
      "the \(name) binary is not built (looked in \(searched.joined(separator: ", "))); "
        + "run `swift build --package-path Examples` first"
    }
  }

  /// Runs a binary to completion without a terminal.
  ///
  /// The wait happens on a thread of its own: async tests share as many threads as the
  /// machine has cores, and a test that blocked one of them for a whole process run
  /// would stall the others' work (a server's answer, a main-actor hop) behind it.
  static func run(
    _ name: String, _ arguments: [String], environment: [String: String] = [:],
    in directory: String? = nil
  ) async throws -> (status: Int32, output: String, error: String) {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(
          with: Result {
            try runBlocking(name, arguments, environment: environment, in: directory)
          })
      }.start()
    }
  }

  private static func runBlocking(
    _ name: String, _ arguments: [String], environment: [String: String],
    in directory: String?
  ) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = try url(of: name)
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }
}
