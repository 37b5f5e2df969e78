import Foundation
import PackagePlugin

/// `swift package uniflow-help [SUBCOMMAND]`: the `uniflow` command's usage, or one
/// subcommand's, without the permission to write into the package that `swift package
/// uniflow` asks for (SwiftPM asks for it before a plugin runs, so `uniflow --help` there
/// cannot do without it).
///
/// ```sh
/// swift package uniflow-help migrate
/// ```
///
/// It builds the command as `swift package uniflow` does (in the build folder, which needs
/// no permission) and runs it with `--help`; nothing else is written.
@main
struct UniflowHelp: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let subcommands = arguments.filter { $0 != "--help" && $0 != "-h" && $0 != "help" }
    try UniflowTool.run(
      subcommands + ["--help"], in: context.pluginWorkDirectoryURL, building: packageManager)
  }
}
