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
