import Foundation
import UniflowMigrate

// `uniflow migrate`'s program: `uniflow` (the command line and the package plugin) builds
// and runs it, so that swift-syntax stays out of Uniflow's own package.
do {
  let command = try MigrateCommand(arguments: Array(CommandLine.arguments.dropFirst()))
  let report = try command.run()
  if !report.diff.isEmpty { print(report.diff, terminator: "") }
  print(report.summary)
} catch {
  // Asked for, the usage is the program's output, and a success.
  if case .usage(let text) = error, text == MigrateCommand.usage {
    print(text)
    exit(0)
  }
  FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
  if case .usage = error { exit(2) }
  exit(1)
}
