import Foundation

/// A typed key for ``SettingsServiceType``.
///
/// ```swift
/// extension SettingsKey where Value == String {
///   static let selectedTaskID = SettingsKey("selectedTaskID")
/// }
/// ```
public struct SettingsKey<Value: Codable & Sendable>: Sendable {
  public let name: String

  public init(_ name: String) {
    self.name = name
  }
}

extension SettingsKey where Value == String {
  /// The task the list had selected when the app last changed selection.
  public static let selectedTaskID = SettingsKey("selectedTaskID")
}

/// Small values kept between launches: RxTodo's `UserDefaultsService`, in the app's
/// database here.
@MainActor
public protocol SettingsServiceType: AnyObject {
  func value<Value>(forKey key: SettingsKey<Value>) -> Value?
  func set<Value>(_ value: Value?, forKey key: SettingsKey<Value>) throws(TodoStoreError)
}

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
