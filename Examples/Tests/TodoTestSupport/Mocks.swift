import Foundation
import TodoCore
import Uniflow

/// A task service over an array, with a switch that makes every change fail.
@MainActor
public final class MockTaskService: TaskServiceType {
  public let event = PublishRelay<TaskEvent>()
  public private(set) var tasks: [TodoTask]
  /// When set, every call fails with this error and changes nothing.
  public var failure: TodoStoreError?

  public init(tasks: [TodoTask] = []) {
    self.tasks = tasks
  }

  public func fetchTasks() -> AnyPublisher<[TodoTask], TodoStoreError> {
    respond { tasks }
  }

  public func create(title: String, memo: String?) -> AnyPublisher<TodoTask, TodoStoreError> {
    respond {
      let task = TodoTask(title: title, memo: memo)
      tasks.append(task)
      event.accept(.create(task))
      return task
    }
  }

  public func update(taskID: String, title: String, memo: String?) -> AnyPublisher<
    TodoTask, TodoStoreError
  > {
    change(taskID) { task in
      task.title = title
      task.memo = memo
    } event: {
      .update($0)
    }
  }

  public func delete(taskID: String) -> AnyPublisher<TodoTask, TodoStoreError> {
    respond {
      guard let index = tasks.firstIndex(where: { $0.id == taskID }) else { return nil }
      let task = tasks.remove(at: index)
      event.accept(.delete(id: taskID))
      return task
    }
  }

  public func move(taskID: String, to destination: Int) -> AnyPublisher<TodoTask, TodoStoreError> {
    respond {
      guard let index = tasks.firstIndex(where: { $0.id == taskID }) else { return nil }
      let task = tasks.remove(at: index)
      tasks.insert(task, at: destination)
      event.accept(.move(id: taskID, to: destination))
      return task
    }
  }

  public func markAsDone(taskID: String) -> AnyPublisher<TodoTask, TodoStoreError> {
    change(taskID) {
      $0.isDone = true
    } event: {
      .markAsDone(id: $0.id)
    }
  }

  public func markAsUndone(taskID: String) -> AnyPublisher<TodoTask, TodoStoreError> {
    change(taskID) {
      $0.isDone = false
    } event: {
      .markAsUndone(id: $0.id)
    }
  }

  private func change(
    _ taskID: String, _ body: (inout TodoTask) -> Void, event makeEvent: (TodoTask) -> TaskEvent
  ) -> AnyPublisher<TodoTask, TodoStoreError> {
    respond {
      guard let index = tasks.firstIndex(where: { $0.id == taskID }) else { return nil }
      body(&tasks[index])
      event.accept(makeEvent(tasks[index]))
      return tasks[index]
    }
  }

  /// Fails when ``failure`` is set, fails with `taskNotFound` when `body` finds nothing.
  private func respond<Value>(_ body: () -> Value?) -> AnyPublisher<Value, TodoStoreError> {
    if let failure { return Fail(error: failure).eraseToAnyPublisher() }
    guard let value = body() else {
      return Fail(error: .taskNotFound(id: "?")).eraseToAnyPublisher()
    }
    return Just(value).setFailureType(to: TodoStoreError.self).eraseToAnyPublisher()
  }
}

/// Settings in a dictionary.
@MainActor
public final class MockSettingsService: SettingsServiceType {
  public private(set) var values: [String: Data] = [:]

  public init() {}

  public func value<Value>(forKey key: SettingsKey<Value>) -> Value? {
    values[key.name].flatMap { try? JSONDecoder().decode(Value.self, from: $0) }
  }

  public func set<Value>(_ value: Value?, forKey key: SettingsKey<Value>) throws(TodoStoreError) {
    values[key.name] = value.flatMap { try? JSONEncoder().encode($0) }
  }
}

/// An alert service that answers at once with the button ``answer`` picks, and keeps
/// what it was asked to show.
@MainActor
public final class MockAlertService: AlertServiceType {
  public struct Shown: Equatable {
    public var title: String?
    public var message: String?
    public var buttonTitles: [String?]

    public init(title: String?, message: String?, buttonTitles: [String?]) {
      self.title = title
      self.message = message
      self.buttonTitles = buttonTitles
    }
  }

  public private(set) var shown: [Shown] = []
  /// The index of the button to choose, from the buttons' titles; `nil` chooses none.
  public var answer: ([String?]) -> Int? = { _ in nil }

  public init() {}

  public func show<Action: AlertActionType>(
    title: String?, message: String?, preferredStyle: AlertControllerStyle, actions: [Action]
  ) -> AnyPublisher<Action, Never> {
    let titles = actions.map(\.title)
    shown.append(Shown(title: title, message: message, buttonTitles: titles))
    guard let index = answer(titles) else { return Empty().eraseToAnyPublisher() }
    return Just(actions[index]).eraseToAnyPublisher()
  }
}

/// A provider of the three test doubles.
@MainActor
public final class MockServiceProvider: ServiceProviderType {
  public let tasks: MockTaskService
  public let settings = MockSettingsService()
  public let alerts = MockAlertService()

  public var taskService: any TaskServiceType { tasks }
  public var settingsService: any SettingsServiceType { settings }
  public var alertService: any AlertServiceType { alerts }

  public init(tasks: [TodoTask] = []) {
    self.tasks = MockTaskService(tasks: tasks)
  }
}
