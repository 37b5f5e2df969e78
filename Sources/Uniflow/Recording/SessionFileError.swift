/// Why a session file could not be read: each case names the file and, where there is
/// one, the line.
///
/// ```swift
/// catch let error as SessionFileError { print(error) }
/// // todo.session.jsonl, line 14: the action `toggleDone` no longer decodes: …
/// ```
public enum SessionFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be opened or read.
  case cannotRead(path: String, reason: String)
  /// The file does not start with a header line, or a line names a reactor that no
  /// header before it introduced.
  case missingHeader(path: String, line: Int)
  /// The last line has no line break: the recording was cut off while it was written.
  case truncatedLine(path: String, line: Int)
  /// A line is not JSON, or not an object with a `kind`.
  case notJSON(path: String, line: Int)
  /// A line is longer than a reader takes.
  case lineTooLong(path: String, line: Int, limit: Int)
  /// The file was written with a newer format than this library reads.
  case newerSchema(path: String, line: Int, found: Int, supported: Int)
  /// The file records no reactor of the type asked for, or fewer than the occurrence
  /// asked for; `found` lists the types it has, one per recording.
  case wrongReactor(path: String, expected: String, found: [String])
  /// An action, mutation or state no longer decodes, usually because its type changed
  /// since the recording. `caseName` is the enum case the line names, when it names one.
  case undecodable(path: String, line: Int, kind: String, caseName: String?, reason: String)

  /// What went wrong, on one line. Names and reasons read from the file (a reactor type,
  /// a case, a key) are shown with control and direction characters escaped (`\u{1B}`),
  /// so that printing the error cannot drive a terminal.
  public var description: String { text.escapingControlCharacters }

  private var text: String {
    switch self {
    case .cannotRead(let path, let reason):
      "\(path): cannot be read: \(reason)."
    case .missingHeader(let path, let line):
      "\(path), line \(line): no header line introduces this reactor; is it a session file?"
    case .truncatedLine(let path, let line):
      "\(path), line \(line): the line is cut off (the recording stopped while writing it)."
    case .notJSON(let path, let line):
      "\(path), line \(line): not a session line (a JSON object with a `kind`)."
    case .lineTooLong(let path, let line, let limit):
      "\(path), line \(line): longer than \(limit) bytes."
    case .newerSchema(let path, let line, let found, let supported):
      "\(path), line \(line): written in session format \(found); this version of Uniflow "
        + "reads format \(supported) and older."
    case .wrongReactor(let path, let expected, let found) where found.contains(expected):
      "\(path): holds only \(found.count { $0 == expected }) recording(s) of \(expected); "
        + "ask for one of those (the occurrence counts from 1)."
    case .wrongReactor(let path, let expected, let found):
      "\(path): records no \(expected); it has "
        + (found.isEmpty ? "no reactor." : found.joined(separator: ", ") + ".")
    case .undecodable(let path, let line, let kind, let caseName, let reason):
      "\(path), line \(line): the \(kind)"
        + (caseName.map { " `\($0)`" } ?? "") + " no longer decodes: \(reason)"
    }
  }
}
