import Foundation
import PackagePlugin

// Shared by both plugins (`uniflow`, and `uniflow-help`, which may write nothing): each
// plugin's folder links this file, since a plugin can depend on no library of its own.

/// The `uniflow` command, built for the package the plugin runs in.
enum UniflowTool {
  /// Builds the `uniflow` product, saying so first (the first build compiles Uniflow and its
  /// dependencies, which takes minutes), and runs it with `arguments` in `folder`.
  static func run(
    _ arguments: [String], in folder: URL, building packageManager: PackageManager
  ) throws {
    // Said before the build, and its log shown as it goes. A progress message, since
    // SwiftPM shows what a plugin writes to its standard error only after a build it asked
    // for has ended.
    Diagnostics.progress("uniflow: building the command (minutes the first time, then seconds)…")
    let built = try packageManager.build(
      .product("uniflow"), parameters: PackageManager.BuildParameters(echoLogs: true))
    guard built.succeeded else {
      throw UniflowCommandFailed(description: "uniflow did not build:\n" + built.logText)
    }
    guard let tool = built.builtArtifacts.first(where: { $0.kind == .executable }) else {
      throw UniflowCommandFailed(description: "the build gave no uniflow executable")
    }
    let process = Process()
    process.executableURL = tool.url
    process.arguments = arguments
    process.currentDirectoryURL = folder
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw UniflowCommandFailed(
        description: "uniflow ended with status \(process.terminationStatus)")
    }
  }
}

/// The command could not be built, or ended with a failure (it has said why on its standard
/// error).
struct UniflowCommandFailed: Error, CustomStringConvertible {
  let description: String
}
