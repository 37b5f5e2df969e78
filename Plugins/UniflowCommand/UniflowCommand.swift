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
@main
struct UniflowCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "UniflowCommandLine")
    let process = Process()
    process.executableURL = tool.url
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw UniflowCommandFailed(status: process.terminationStatus)
    }
  }
}

/// The command ended with a failure; it has said why on its standard error.
struct UniflowCommandFailed: Error, CustomStringConvertible {
  let status: Int32
  var description: String { "uniflow ended with status \(status)" }
}
