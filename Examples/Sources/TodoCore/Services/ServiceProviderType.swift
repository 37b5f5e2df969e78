/// Every service a Todo screen may use, passed to each reactor (RxTodo's
/// `ServiceProviderType`). Tests pass a provider of test doubles.
@MainActor
public protocol ServiceProviderType: AnyObject {
  var taskService: any TaskServiceType { get }
  var settingsService: any SettingsServiceType { get }
  var alertService: any AlertServiceType { get }
}
