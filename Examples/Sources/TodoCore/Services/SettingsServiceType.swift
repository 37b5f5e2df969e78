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
