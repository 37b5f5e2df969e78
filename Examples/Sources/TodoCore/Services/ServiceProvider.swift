/// Every service a Todo screen may use, passed to each reactor (RxTodo's
/// `ServiceProviderType`). Tests pass a provider of test doubles.
@MainActor
public protocol ServiceProviderType: AnyObject {
  var taskService: any TaskServiceType { get }
  var settingsService: any SettingsServiceType { get }
  var alertService: any AlertServiceType { get }
}

/// The app's services over one database.
@MainActor
public final class ServiceProvider: ServiceProviderType {
  public let taskService: any TaskServiceType
  public let settingsService: any SettingsServiceType
  public let alertService: any AlertServiceType

  public init(database: TodoDatabase, alertService: any AlertServiceType) {
    self.taskService = TaskService(database: database)
    self.settingsService = SettingsService(database: database)
    self.alertService = alertService
  }
}
