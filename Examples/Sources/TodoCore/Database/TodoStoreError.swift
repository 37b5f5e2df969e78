import Foundation

/// Why the task database could not be opened or changed. The database file is never
/// rewritten to get past one of these: the app stops and says which file and why.
public enum TodoStoreError: Error, Equatable, CustomStringConvertible {
  /// The file exists but is not an SQLite database, or SQLite found it damaged.
  case notADatabase(path: String)
  /// Another program holds a lock on the database and did not let go in time.
  case locked(path: String)
  /// The database was written by a newer version of the app (it has migrations this
  /// version does not know).
  case newerSchema(path: String, unknownMigrations: [String])
  /// The file is an SQLite database of another program: it holds tables of its own and
  /// no Todo schema.
  case notATodoDatabase(path: String, tables: [String])
  /// The database was written by an older version of the app and needs its schema
  /// brought up to date, which a read-only command does not do.
  case olderSchema(path: String)
  /// The file or its folder cannot be created, read or written.
  case cannotOpen(path: String, reason: String)
  /// No task has this identifier (it was deleted elsewhere).
  case taskNotFound(id: String)
  /// A task needs a title that is not only spaces.
  case emptyTitle
  /// A title or memo holds a NUL character, which SQLite's text would cut off on the way
  /// back; refused rather than stored and then shortened.
  case nulCharacter
  /// A title or memo is longer than ``TodoTask/titleLimit`` or ``TodoTask/memoLimit``.
  case tooLong(field: String, limit: Int)
  /// SQLite refused a change; nothing of it was saved.
  case writeFailed(reason: String)

  public var description: String {
    switch self {
    case .notADatabase(let path):
      "\(path) is not a Todo database, or it is damaged; it was left untouched"
    case .locked(let path):
      "\(path) is locked by another program; close it and try again"
    case .newerSchema(let path, let unknown):
      "\(path) was written by a newer version of todo (unknown migrations: "
        + "\(unknown.joined(separator: ", "))); it was left untouched"
    case .notATodoDatabase(let path, let tables):
      "\(path) is another program's database (it holds \(tables.joined(separator: ", "))), "
        + "not a Todo database; it was left untouched"
    case .olderSchema(let path):
      "\(path) was written by an older version of todo; open it with a command that "
        + "changes tasks (or the app) to bring it up to date"
    case .cannotOpen(let path, let reason):
      "cannot open \(path): \(reason)"
    case .taskNotFound:
      "the task no longer exists"
    case .emptyTitle:
      "a task needs a title"
    case .nulCharacter:
      "a title or memo cannot contain a NUL character"
    case .tooLong(let field, let limit):
      "a \(field) holds at most \(limit) characters"
    case .writeFailed(let reason):
      "could not save: \(reason)"
    }
  }
}
