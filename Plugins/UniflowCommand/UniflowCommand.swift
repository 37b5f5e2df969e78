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
/// Its usage, with nothing written and no permission asked: `swift package uniflow-help`.
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
    try UniflowTool.run(
      arguments, in: context.package.directoryURL, building: packageManager)
  }
}
