import GRDB

// How SQLite's errors become the app's: kept apart so that the error type itself, which the
// reactors and services use, does not need GRDB.
extension TodoStoreError {
  /// Classifies an error GRDB or SQLite threw while using the database at `path`.
  init(_ error: any Error, path: String) {
    if let error = error as? TodoStoreError {
      self = error
      return
    }
    guard let error = error as? DatabaseError else {
      self = .writeFailed(reason: String(describing: error))
      return
    }
    switch error.resultCode {
    case .SQLITE_NOTADB, .SQLITE_CORRUPT:
      self = .notADatabase(path: path)
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      self = .locked(path: path)
    case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH:
      self = .cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
    default:
      self = .writeFailed(reason: error.message ?? "\(error.resultCode)")
    }
  }
}
