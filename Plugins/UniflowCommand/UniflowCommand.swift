import Foundation
import PackagePlugin

/// `swift package uniflow …`: runs the `uniflow` command in the package's folder, so that an
/// app that depends on Uniflow scaffolds screens, writes a session's page or a test from a
/// recording without a checkout of Uniflow.
///
/// ```sh
/// swift package --allow-writing-to-package-directory uniflow new Search --kind stream
/// ```
///
/// The arguments go to the command as they are; relative paths are the package folder's.
/// The plugin asks SwiftPM to build the `uniflow` product when it runs, rather than naming
/// it as its tool: a tool is built a second time for the host, with all of Uniflow, by
/// every `swift build` of Uniflow's own package, and an app would gain nothing by it.
@main
struct UniflowCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    // SwiftPM holds the package's build folder while a plugin runs, so a build the command
    // makes there (`--scratch-path .build`) would wait for it for ever.
    if arguments.contains("--scratch-path") {
      throw UniflowCommandFailed(
        description: "--scratch-path is for the uniflow executable run on its own: while this "
          + "plugin runs, SwiftPM holds the package's build folder, so a build there would "
          + "wait for ever. Leave it out here (the command builds in a folder of its own)")
    }
    // Said first, and the build's log shown as it goes: the first build of the command
    // compiles Uniflow and its dependencies, which takes minutes.
    FileHandle.standardError.write(
      Data("uniflow: building the command (minutes the first time, then seconds)…\n".utf8))
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
    process.currentDirectoryURL = context.package.directoryURL
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
