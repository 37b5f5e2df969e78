import Foundation
import Uniflow

/// Reads and changes tasks, and tells every screen about each change through ``event``.
///
/// RxTodo's `TaskServiceType`, with Combine for RxSwift and a typed error, since saving
/// can fail here. Each publisher does its work when subscribed and finishes at once:
/// the change is committed before the value (and the event) is sent.
@MainActor
public protocol TaskServiceType: AnyObject {
  /// Every change made through the service, in order.
  var event: PublishRelay<TaskEvent> { get }

  func fetchTasks() -> AnyPublisher<[TodoTask], TodoStoreError>
  func create(title: String, memo: String?) -> AnyPublisher<TodoTask, TodoStoreError>
  func update(taskID: String, title: String, memo: String?) -> AnyPublisher<
    TodoTask, TodoStoreError
  >
  func delete(taskID: String) -> AnyPublisher<TodoTask, TodoStoreError>
  func move(taskID: String, to index: Int) -> AnyPublisher<TodoTask, TodoStoreError>
  func markAsDone(taskID: String) -> AnyPublisher<TodoTask, TodoStoreError>
  func markAsUndone(taskID: String) -> AnyPublisher<TodoTask, TodoStoreError>
}
