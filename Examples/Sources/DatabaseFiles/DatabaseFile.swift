import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file cannot be opened as the app's database, found before SQLite touches it.
public enum DatabaseFileProblem: Error, Equatable, Sendable {
  /// A FIFO, a socket, a device or a folder: reading a FIFO's header would wait forever.
  case notARegularFile
  /// A non-empty file that does not start with SQLite's header.
  case notSQLite
}

/// What an SQLite file holds, as far as an app with a given migrator is concerned.
public enum DatabaseSchema: Equatable, Sendable {
  /// No tables of anyone's (or only the migrations table of a first start half done).
  case blank
  /// Some of the app's migrations, not all.
  case older
  /// All of the app's migrations.
  case current
  /// Tables of another program and none of the app's migrations.
  case foreign(tables: [String])
  /// Migrations this version of the app does not know: a newer version wrote it.
  case newer(unknownMigrations: [String])
}

/// The checks the example apps make on a database file, shared by the Todo database and
/// the product cache: nothing they refuse is ever opened for writing.
///
/// ```swift
/// try DatabaseFile.check(path)                        // before opening
/// let schema = try queue.read { try DatabaseFile.schema(of: $0, migrator: migrator) }
/// ```
public enum DatabaseFile {
  /// Refuses, before SQLite touches it, anything that is not a regular file, and a
  /// non-empty file without SQLite's header. A missing or empty file passes.
  public static func check(_ path: String) throws(DatabaseFileProblem) {
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      throw .notARegularFile
    }
    guard let handle = FileHandle(forReadingAtPath: path) else { return }
    defer { try? handle.close() }
    let header = (try? handle.read(upToCount: 16)) ?? Data()
    if !header.isEmpty, header != Data("SQLite format 3\0".utf8) {
      throw .notSQLite
    }
  }

  /// What the database holds, compared with `migrator`'s migrations.
  public static func schema(of db: Database, migrator: DatabaseMigrator) throws -> DatabaseSchema {
    let tables = try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    let applied = tables.contains("grdb_migrations") ? try migrator.appliedIdentifiers(db) : []
    let known = Set(migrator.migrations)
    if applied.isEmpty {
      // A lone migrations table is another process's first start, half done.
      return tables.allSatisfy({ $0 == "grdb_migrations" })
        ? .blank : .foreign(tables: tables.sorted())
    }
    if applied.isDisjoint(with: known) { return .foreign(tables: tables.sorted()) }
    let unknown = applied.subtracting(known)
    if !unknown.isEmpty { return .newer(unknownMigrations: unknown.sorted()) }
    return applied == known ? .current : .older
  }
}
