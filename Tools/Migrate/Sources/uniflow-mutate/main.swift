import Foundation
import UniflowMutate

// `uniflow mutate`'s program: `uniflow` (the command line and the package plugin) builds
// and runs it, so that swift-syntax stays out of Uniflow's own package.
do {
  let options = try MutateOptions(arguments: Array(CommandLine.arguments.dropFirst()))
  let report = try await MutateCommand.run(options)
  print(report.text(), terminator: "")
  if let minimum = options.failUnder, let score = report.score, score * 100 < minimum {
    throw MutateError.scoreTooLow(score: score * 100, minimum: minimum)
  }
} catch let error as MutateError {
  // Asked for, the usage is the program's output, and a success.
  if case .usage(let text) = error, text == MutateOptions.usage {
    print(text)
    exit(0)
  }
  FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
  if case .usage = error { exit(2) }
  exit(1)
}
