import Foundation

/// Settings stored as JSON in the app's database.
@MainActor
public final class SettingsService: SettingsServiceType {
  private let database: TodoDatabase

  public init(database: TodoDatabase) {
    self.database = database
  }

  /// The stored value, or `nil` when there is none or it cannot be read back.
  public func value<Value>(forKey key: SettingsKey<Value>) -> Value? {
    guard let data = try? database.settingData(forKey: key.name) else { return nil }
    return try? JSONDecoder().decode(Value.self, from: data)
  }

  public func set<Value>(_ value: Value?, forKey key: SettingsKey<Value>) throws(TodoStoreError) {
    let data: Data?
    do {
      data = try value.map { try JSONEncoder().encode($0) }
    } catch {
      throw .writeFailed(reason: "cannot encode the setting \(key.name): \(error)")
    }
    try database.setSettingData(data, forKey: key.name)
  }
}
