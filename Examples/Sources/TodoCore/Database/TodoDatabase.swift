import Foundation

import DatabaseFiles
import GRDB

/// The Todo app's SQLite database: tasks and settings, with a versioned schema.
///
/// Every change is committed before the call that makes it returns, so a task is on disk
/// before any screen shows it. Opening never rewrites a file it does not recognise: a
/// damaged file, a locked one or one from a newer version of the app is a
/// ``TodoStoreError`` and stays as it was.
///
/// ```swift
/// let database = try TodoDatabase.open(at: TodoDatabase.defaultPath())
/// let task = try database.insertTask(title: "Buy milk", memo: nil)
/// ```
public final class TodoDatabase: Sendable {
  /// Where the database lives, for messages.
  public let path: String
  let queue: DatabaseQueue

  private init(path: String, queue: DatabaseQueue) {
    self.path = path
    self.queue = queue
  }

  /// Opens (creating it and its folder if needed) the database file at `path` and brings
  /// its schema up to date.
  ///
  /// With `readOnly`, nothing is created or changed: a missing file reads as no tasks,
  /// and a file is only read, so a command that only shows tasks never writes.
  ///
  /// - Parameter busyTimeout: how long to wait for another program's lock to go.
  public static func open(
    at path: String, readOnly: Bool = false, busyTimeout: TimeInterval = 2
  ) throws(TodoStoreError) -> TodoDatabase {
    let path = try fileSystemPath(path)
    try checkExistingFile(at: path)
    if readOnly, !FileManager.default.fileExists(atPath: path) {
      return try empty(labelled: path)
    }
    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout)
    configuration.label = "todo"
    configuration.readonly = readOnly
    if !readOnly {
      do {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw .cannotOpen(
          path: path, reason: "cannot create its folder (\(error.localizedDescription))")
      }
    }
    let queue: DatabaseQueue
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration)
    } catch {
      throw TodoStoreError(error, path: path)
    }
    let database = TodoDatabase(path: path, queue: queue)
    switch try database.schemaState() {
    case .current: return database
    case .blank where readOnly: return try empty(labelled: path)
    case .blank, .older:
      guard !readOnly else { throw .olderSchema(path: path) }
      try database.migrate()
      return database
    }
  }

  /// An empty database in memory, named after the file it stands in for.
  private static func empty(labelled path: String) throws(TodoStoreError) -> TodoDatabase {
    let database: TodoDatabase
    do {
      database = TodoDatabase(path: path, queue: try DatabaseQueue())
    } catch {
      throw TodoStoreError(error, path: path)
    }
    try database.migrate()
    return database
  }

  /// A database that lives in memory and is gone when the app quits.
  public static func inMemory() -> TodoDatabase {
    do {
      return try empty(labelled: ":memory:")
    } catch {
      // An in-memory SQLite database has no file that could be missing or damaged.
      preconditionFailure("an in-memory database failed to open: \(error)")
    }
  }

  /// `$XDG_DATA_HOME/uniflow-todo/todo.sqlite`, or `~/.local/share/uniflow-todo/todo.sqlite`
  /// when `XDG_DATA_HOME` is not set.
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let dataHome: String
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      dataHome = xdg
    } else {
      // NSHomeDirectory(), not homeDirectoryForCurrentUser: iOS has only the former.
      let home = environment["HOME"] ?? NSHomeDirectory()
      dataHome = home + "/.local/share"
    }
    return dataHome + "/uniflow-todo/todo.sqlite"
  }

  /// `path` as an absolute file path. SQLite gives some names a meaning of their own —
  /// `:memory:` and `""` are in-memory databases, `file:…` is a URI — but here a path is a
  /// path: made absolute, `:memory:` is a file in the current folder like any other, and
  /// an empty path is refused (`--in-memory` is the way to ask for memory).
  static func fileSystemPath(_ path: String) throws(TodoStoreError) -> String {
    guard !path.isEmpty else {
      throw .cannotOpen(
        path: path, reason: "the path is empty; use --in-memory for a database in memory")
    }
    return URL(fileURLWithPath: path).standardizedFileURL.path
  }

  private static func checkExistingFile(at path: String) throws(TodoStoreError) {
    do {
      try DatabaseFile.check(path)
    } catch {
      switch error {
      case .notARegularFile: throw .cannotOpen(path: path, reason: "it is not a regular file")
      case .notSQLite: throw .notADatabase(path: path)
      }
    }
  }

  /// Reads what the file holds and refuses what is not ours: tables of another program
  /// with no Todo schema, or migrations from a newer version of the app.
  private func schemaState() throws(TodoStoreError) -> SchemaState {
    switch try read({ db in try DatabaseFile.schema(of: db, migrator: Self.migrator) }) {
    case .foreign(let tables): throw .notATodoDatabase(path: path, tables: tables)
    case .newer(let unknown): throw .newerSchema(path: path, unknownMigrations: unknown)
    case .blank: return .blank
    case .older: return .older
    case .current: return .current
    }
  }

  /// What an openable file holds, as far as this version of the app is concerned.
  enum SchemaState { case blank, older, current }

  /// Brings the schema up to date.
  ///
  /// Two processes can start on a new file at once: both find no migrations, and the
  /// second one's migration then fails on the tables the first one created. GRDB checks
  /// what is applied outside the migration's transaction, so the check is repeated:
  /// a failure after which every migration is applied was that race, and is no failure.
  private func migrate() throws(TodoStoreError) {
    let migrator = Self.migrator
    var attempts = 0
    while true {
      attempts += 1
      do {
        try migrator.migrate(queue)
        return
      } catch {
        let applied = try? queue.read { db in try migrator.appliedIdentifiers(db) }
        if let applied, Set(migrator.migrations).isSubset(of: applied) { return }
        // Another process may be between two migrations; try again a few times.
        guard attempts < 3 else { throw TodoStoreError(error, path: path) }
      }
    }
  }

  /// The schema, one registered migration per version. Never edit a shipped migration;
  /// add the next one.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: tasks and settings") { db in
      try db.create(table: "task") { table in
        table.primaryKey("id", .text)
        table.column("title", .text).notNull().check { length($0) > 0 }
        table.column("memo", .text)
        table.column("isDone", .boolean).notNull().defaults(to: false)
        table.column("position", .integer).notNull()
      }
      try db.create(table: "setting") { table in
        table.primaryKey("key", .text)
        table.column("value", .blob).notNull()
      }
    }
    return migrator
  }

  func read<Value>(_ body: (Database) throws -> Value) throws(TodoStoreError) -> Value {
    do {
      return try queue.read(body)
    } catch {
      throw TodoStoreError(error, path: path)
    }
  }

  func write<Value>(_ body: (Database) throws -> Value) throws(TodoStoreError) -> Value {
    do {
      return try queue.write(body)
    } catch {
      throw TodoStoreError(error, path: path)
    }
  }
}
