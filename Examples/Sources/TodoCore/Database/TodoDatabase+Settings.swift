import Foundation
import GRDB

extension TodoDatabase {
  /// The stored bytes for `key`, or `nil`.
  public func settingData(forKey key: String) throws(TodoStoreError) -> Data? {
    try read { db in
      try Data.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
    }
  }

  /// Stores `data` for `key`, or removes the key when `data` is `nil`.
  public func setSettingData(_ data: Data?, forKey key: String) throws(TodoStoreError) {
    try write { db in
      if let data {
        try db.execute(
          sql: "INSERT INTO setting (key, value) VALUES (?, ?) "
            + "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
          arguments: [key, data])
      } else {
        try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
      }
    }
  }
}
