/// Why `uniflow migrate` refused to go on. Nothing is written when any file is refused.
public enum MigrateError: Error, Equatable, CustomStringConvertible {
  /// The command line was not understood.
  case usage(String)
  /// A path named on the command line does not exist.
  case notFound(path: String)
  /// A file named on the command line is not a `.swift` file.
  case notSwift(path: String)
  /// The file holds a NUL byte: it is binary, not Swift source.
  case notText(path: String, line: Int)
  /// The file is not UTF-8.
  case invalidUTF8(path: String, line: Int)
  /// A line is longer than Swift source is written (generated or minified code).
  case lineTooLong(path: String, line: Int, bytes: Int)
  /// A symbolic link leads back to itself or to a folder already being read.
  case symlinkLoop(path: String)
  /// The file or folder could not be read.
  case unreadable(path: String, reason: String)
  /// The rewrite could not be written (a folder that cannot be made, a full disk, no
  /// permission); the file it would replace is left as it was.
  case unwritable(path: String, reason: String)
  /// The file nests square brackets deeper than ever written by hand (more than
  /// `limit` levels); parsing it would take longer than any file should.
  case nestedTooDeeply(path: String, line: Int, depth: Int, limit: Int)
  /// The file's syntax tree is deeper than `limit` levels (a chain of thousands of calls,
  /// say), deeper than migrate visits.
  case treeTooDeep(path: String, line: Int, depth: Int, limit: Int)
  /// The file is not valid Swift; migrate rewrites only what it can parse.
  case unparseable(path: String, line: Int, column: Int, problem: String)
  /// The rewrite of a file did not parse, which is a bug in migrate.
  case rewriteFailed(path: String, line: Int)
  /// `--output` would overwrite a file that exists; `--overwrite` allows it.
  case wouldOverwrite(path: String)

  public var description: String {
    // A path or a line of source may hold control characters: none reaches the terminal.
    // The usage text's own line breaks stay line breaks; an argument in it was shown when
    // the message was made.
    if case .usage(let message) = self {
      return message.split(separator: "\n", omittingEmptySubsequences: false).map {
        shown(String($0))
      }.joined(separator: "\n")
    }
    return shown(rawDescription)
  }

  private var rawDescription: String {
    switch self {
    case .usage(let message): return message
    case .notFound(let path): return "\(path): no such file or folder"
    case .notSwift(let path): return "\(path): not a Swift file (migrate reads .swift files)"
    case .notText(let path, let line):
      return "\(path):\(line): a NUL byte: this is a binary file, not Swift source"
    case .invalidUTF8(let path, let line):
      return "\(path):\(line): not UTF-8; save the file as UTF-8 and run migrate again"
    case .lineTooLong(let path, let line, let bytes):
      return
        "\(path):\(line): a line of \(bytes) bytes; migrate reads lines up to \(SourceFiles.longestLine) bytes (is this generated code?)"
    case .symlinkLoop(let path):
      return "\(path): a symbolic link that leads back to itself (a loop)"
    case .unreadable(let path, let reason): return "\(path): cannot be read: \(reason)"
    case .unwritable(let path, let reason):
      return "\(path): cannot be written: \(reason); the file was left as it was"
    case .nestedTooDeeply(let path, let line, let depth, let limit):
      return
        "\(path):\(line): square brackets nested \(depth) deep; migrate parses up to \(limit) levels (is this generated code?)"
    case .treeTooDeep(let path, let line, let depth, let limit):
      return
        "\(path):\(line): expressions nested \(depth) levels deep (a chain of calls a level a link); migrate rewrites up to \(limit) levels (is this generated code?)"
    case .unparseable(let path, let line, let column, let problem):
      return
        "\(path):\(line):\(column): cannot parse this file (\(problem)); fix it so that it compiles, then run migrate again"
    case .rewriteFailed(let path, let line):
      return
        "\(path):\(line): migrate's rewrite of this file does not parse; please report it with the file"
    case .wouldOverwrite(let path):
      return "\(path) exists; pass --overwrite to replace it"
    }
  }
}
