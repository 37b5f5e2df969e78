import Foundation
import Uniflow

/// The task service over the app's SQLite database.
@MainActor
public final class TaskService: TaskServiceType {
  public let event = PublishRelay<TaskEvent>()
  private let database: TodoDatabase

  public init(database: TodoDatabase) {
    self.database = database
  }

  public func fetchTasks() -> AnyPublisher<[TodoTask], TodoStoreError> {
    perform({ database in try database.tasks() }, event: nil)
  }

  public func create(title: String, memo: String?) -> AnyPublisher<TodoTask, TodoStoreError> {
    perform(
      { database in try database.insertTask(title: title, memo: memo) }, event: TaskEvent.create)
  }

  public func update(taskID: String, title: String, memo: String?)
    -> AnyPublisher<TodoTask, TodoStoreError>
  {
    perform(
      { database in try database.updateTask(id: taskID, title: title, memo: memo) },
      event: TaskEvent.update)
  }

  public func delete(taskID: String) -> AnyPublisher<TodoTask, TodoStoreError> {
    perform(
      { database in try database.deleteTask(id: taskID) }, event: { TaskEvent.delete(id: $0.id) })
  }

  public func move(taskID: String, to index: Int) -> AnyPublisher<TodoTask, TodoStoreError> {
    perform(
      { database in try database.moveTask(id: taskID, to: index) },
      event: { TaskEvent.move(id: $0.id, to: index) })
  }

  public func markAsDone(taskID: String) -> AnyPublisher<TodoTask, TodoStoreError> {
    perform(
      { database in try database.setTask(id: taskID, isDone: true) },
      event: { TaskEvent.markAsDone(id: $0.id) })
  }

  public func markAsUndone(taskID: String) -> AnyPublisher<TodoTask, TodoStoreError> {
    perform(
      { database in try database.setTask(id: taskID, isDone: false) },
      event: { TaskEvent.markAsUndone(id: $0.id) })
  }

  /// A publisher that runs `work` when subscribed, then sends its event, then its value.
  private func perform<Value>(
    _ work: @escaping (TodoDatabase) throws -> Value,
    event makeEvent: ((Value) -> TaskEvent)?
  ) -> AnyPublisher<Value, TodoStoreError> {
    let database = self.database
    let relay = self.event
    return Deferred {
      Result {
        let value = try work(database)
        if let makeEvent { relay.accept(makeEvent(value)) }
        return value
      }
      .mapError { error in TodoStoreError(error, path: database.path) }
      .publisher
    }.eraseToAnyPublisher()
  }
}
