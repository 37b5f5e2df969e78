import Foundation
import Uniflow

// Seed 003 (ReactorKit's RxTodo), ported: Observable is spelled AnyPublisher,
// PublishSubject is a PublishRelay, nothing else is renamed. The services are the
// minimal in-memory ones the tests need.

// RxTodo's model is called `Task`; in this test module it shadows Swift's `Task`, which
// the other files therefore spell `_Concurrency.Task`, as a ported app would have to.
struct Task: Equatable, Sendable {
  var id: String = UUID().uuidString
  var title: String
  var memo: String?
  var isDone: Bool = false

  init(title: String, memo: String? = nil) {
    self.title = title
    self.memo = memo
  }
}

enum TaskEvent: Sendable {
  case create(Task)
  case update(Task)
  case delete(id: String)
  case move(id: String, to: Int)
  case markAsDone(id: String)
  case markAsUndone(id: String)
}

protocol TaskServiceType: AnyObject {
  var event: PublishRelay<TaskEvent> { get }
  func fetchTasks() -> AnyPublisher<[Task], Never>
  func create(title: String, memo: String?) -> AnyPublisher<Task, Never>
  func update(taskID: String, title: String, memo: String?) -> AnyPublisher<Task, Never>
  func delete(taskID: String) -> AnyPublisher<Task, Never>
  func move(taskID: String, to: Int) -> AnyPublisher<Task, Never>
  func markAsDone(taskID: String) -> AnyPublisher<Task, Never>
  func markAsUndone(taskID: String) -> AnyPublisher<Task, Never>
}

/// RxTodo's TaskService over an array instead of UserDefaults.
final class TaskService: TaskServiceType {
  let event = PublishRelay<TaskEvent>()
  private(set) var tasks: [Task]

  init(tasks: [Task] = []) {
    self.tasks = tasks
  }

  func fetchTasks() -> AnyPublisher<[Task], Never> {
    Just(tasks).eraseToAnyPublisher()
  }

  func create(title: String, memo: String?) -> AnyPublisher<Task, Never> {
    let newTask = Task(title: title, memo: memo)
    tasks.insert(newTask, at: 0)
    event.accept(.create(newTask))
    return Just(newTask).eraseToAnyPublisher()
  }

  func update(taskID: String, title: String, memo: String?) -> AnyPublisher<Task, Never> {
    change(taskID) { task in
      task.title = title
      task.memo = memo
    } event: {
      .update($0)
    }
  }

  func delete(taskID: String) -> AnyPublisher<Task, Never> {
    guard let index = tasks.firstIndex(where: { $0.id == taskID }) else {
      return Empty().eraseToAnyPublisher()
    }
    let task = tasks.remove(at: index)
    event.accept(.delete(id: task.id))
    return Just(task).eraseToAnyPublisher()
  }

  func move(taskID: String, to destinationIndex: Int) -> AnyPublisher<Task, Never> {
    guard let index = tasks.firstIndex(where: { $0.id == taskID }) else {
      return Empty().eraseToAnyPublisher()
    }
    let task = tasks.remove(at: index)
    tasks.insert(task, at: destinationIndex)
    event.accept(.move(id: task.id, to: destinationIndex))
    return Just(task).eraseToAnyPublisher()
  }

  func markAsDone(taskID: String) -> AnyPublisher<Task, Never> {
    change(taskID) {
      $0.isDone = true
    } event: {
      .markAsDone(id: $0.id)
    }
  }

  func markAsUndone(taskID: String) -> AnyPublisher<Task, Never> {
    change(taskID) {
      $0.isDone = false
    } event: {
      .markAsUndone(id: $0.id)
    }
  }

  private func change(
    _ taskID: String, _ body: (inout Task) -> Void, event makeEvent: (Task) -> TaskEvent
  ) -> AnyPublisher<Task, Never> {
    guard let index = tasks.firstIndex(where: { $0.id == taskID }) else {
      return Empty().eraseToAnyPublisher()
    }
    body(&tasks[index])
    event.accept(makeEvent(tasks[index]))
    return Just(tasks[index]).eraseToAnyPublisher()
  }
}

protocol AlertActionType {
  var title: String? { get }
  var style: UIAlertActionStyle { get }
}

/// Stand-ins for UIKit's alert styles, which do not exist on Linux.
enum UIAlertControllerStyle { case alert, actionSheet }
enum UIAlertActionStyle { case `default`, cancel, destructive }

protocol AlertServiceType: AnyObject {
  func show<Action: AlertActionType>(
    title: String?,
    message: String?,
    preferredStyle: UIAlertControllerStyle,
    actions: [Action]
  ) -> AnyPublisher<Action, Never>
}

final class MockAlertService: AlertServiceType {
  var selectAction: AlertActionType?
  private(set) var shownMessages: [String?] = []

  func show<Action: AlertActionType>(
    title: String?,
    message: String?,
    preferredStyle: UIAlertControllerStyle,
    actions: [Action]
  ) -> AnyPublisher<Action, Never> {
    shownMessages.append(message)
    guard let selectAction = self.selectAction as? Action else {
      return Empty().eraseToAnyPublisher()
    }
    return Just(selectAction).eraseToAnyPublisher()
  }
}

protocol ServiceProviderType: AnyObject {
  var alertService: AlertServiceType { get }
  var taskService: TaskServiceType { get }
}

final class MockServiceProvider: ServiceProviderType {
  lazy var alertService: AlertServiceType = MockAlertService()
  lazy var taskService: TaskServiceType = TaskService()
}
