import Foundation
import Uniflow

enum TaskEditViewMode {
  case new
  case edit(Task)
}

enum TaskEditViewCancelAlertAction: AlertActionType {
  case leave
  case stay

  var title: String? {
    switch self {
    case .leave: "Leave"
    case .stay: "Stay"
    }
  }

  var style: UIAlertActionStyle {
    switch self {
    case .leave: .destructive
    case .stay: .default
    }
  }
}

final class TaskEditViewReactor: Reactor {
  enum Action: Sendable {
    case updateTaskTitle(String)
    case cancel
    case submit
  }

  enum Mutation: Equatable, Sendable {
    case updateTaskTitle(String)
    case dismiss
  }

  struct State: Equatable {
    var title: String
    var taskTitle: String
    var canSubmit: Bool
    var shouldConfirmCancel: Bool = false
    var isDismissed: Bool = false
  }

  let provider: ServiceProviderType
  let mode: TaskEditViewMode
  let initialState: State
  let runtime = ReactorRuntime<TaskEditViewReactor>()

  init(provider: ServiceProviderType, mode: TaskEditViewMode) {
    self.provider = provider
    self.mode = mode
    switch mode {
    case .new:
      self.initialState = State(title: "New", taskTitle: "", canSubmit: false)
    case .edit(let task):
      self.initialState = State(title: "Edit", taskTitle: task.title, canSubmit: true)
    }
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case let .updateTaskTitle(taskTitle):
      return .just(.updateTaskTitle(taskTitle))

    case .submit:
      guard self.currentState.canSubmit else { return .empty() }
      switch self.mode {
      case .new:
        return .publisher(
          self.provider.taskService
            .create(title: self.currentState.taskTitle, memo: nil)
            .map { _ in .dismiss })
      case .edit(let task):
        return .publisher(
          self.provider.taskService
            .update(taskID: task.id, title: self.currentState.taskTitle, memo: nil)
            .map { _ in .dismiss })
      }

    case .cancel:
      if !self.currentState.shouldConfirmCancel {
        return .just(.dismiss)  // no need to confirm
      }
      let alertActions: [TaskEditViewCancelAlertAction] = [.leave, .stay]
      return .publisher(
        self.provider.alertService
          .show(
            title: "Really?",
            message: "All changes will be lost",
            preferredStyle: .alert,
            actions: alertActions
          )
          .flatMap { alertAction -> AnyPublisher<Mutation, Never> in
            switch alertAction {
            case .leave:
              return Just(.dismiss).eraseToAnyPublisher()
            case .stay:
              return Empty().eraseToAnyPublisher()
            }
          })
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case let .updateTaskTitle(taskTitle):
      state.taskTitle = taskTitle
      state.canSubmit = !taskTitle.isEmpty
      state.shouldConfirmCancel = taskTitle != self.initialState.taskTitle
      return state

    case .dismiss:
      state.isDismissed = true
      return state
    }
  }
}

/// RxTodo's cell reactor: it only carries its task.
final class TaskCellReactor: Reactor, Equatable {
  typealias Action = Never
  let initialState: Task
  let runtime = ReactorRuntime<TaskCellReactor>()

  init(task: Task) {
    self.initialState = task
  }

  func reduce(state: inout Task, mutation: Never) {}

  nonisolated static func == (lhs: TaskCellReactor, rhs: TaskCellReactor) -> Bool {
    lhs.initialState == rhs.initialState
  }
}

extension IndexPath {
  /// UIKit's initializer, which Foundation on Linux lacks.
  init(item: Int, section: Int) {
    self.init(indexes: [section, item])
  }

  var item: Int { self[1] }
  var section: Int { self[0] }
}

struct TaskListSection: Equatable {
  var items: [TaskCellReactor]
}

extension Array where Element == TaskListSection {
  subscript(indexPath: IndexPath) -> TaskCellReactor {
    get { self[indexPath.section].items[indexPath.item] }
    set { self[indexPath.section].items[indexPath.item] = newValue }
  }
}

final class TaskListViewReactor: Reactor {
  enum Action: Sendable {
    case refresh
    case toggleTaskDone(IndexPath)
    case deleteTask(IndexPath)
    case moveTask(IndexPath, IndexPath)
  }

  enum Mutation: Equatable {
    case setSections([TaskListSection])
    case insertSectionItem(IndexPath, TaskCellReactor)
    case updateSectionItem(IndexPath, TaskCellReactor)
    case deleteSectionItem(IndexPath)
    case moveSectionItem(IndexPath, IndexPath)
  }

  struct State: Equatable {
    var sections: [TaskListSection]
  }

  let provider: ServiceProviderType
  let initialState = State(sections: [TaskListSection(items: [])])
  let runtime = ReactorRuntime<TaskListViewReactor>()

  init(provider: ServiceProviderType) {
    self.provider = provider
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .refresh:
      return .publisher(
        self.provider.taskService.fetchTasks()
          .map { tasks in
            let sectionItems = tasks.map(TaskCellReactor.init)
            return .setSections([TaskListSection(items: sectionItems)])
          })

    case let .toggleTaskDone(indexPath):
      let task = self.currentState.sections[indexPath].currentState
      let service = self.provider.taskService
      let change =
        task.isDone ? service.markAsUndone(taskID: task.id) : service.markAsDone(taskID: task.id)
      return .publisher(change.flatMap { _ in Empty<Mutation, Never>() })

    case let .deleteTask(indexPath):
      let task = self.currentState.sections[indexPath].currentState
      return .publisher(
        self.provider.taskService.delete(taskID: task.id).flatMap { _ in Empty<Mutation, Never>() })

    case let .moveTask(sourceIndexPath, destinationIndexPath):
      let task = self.currentState.sections[sourceIndexPath].currentState
      return .publisher(
        self.provider.taskService.move(taskID: task.id, to: destinationIndexPath.item)
          .flatMap { _ in Empty<Mutation, Never>() })
    }
  }

  func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never> {
    let taskEventMutation = self.provider.taskService.event
      .flatMap { [weak self] taskEvent -> AnyPublisher<Mutation, Never> in
        self?.mutate(taskEvent: taskEvent) ?? Empty().eraseToAnyPublisher()
      }
    return Publishers.MergeMany(mutation, taskEventMutation.eraseToAnyPublisher())
      .eraseToAnyPublisher()
  }

  private func mutate(taskEvent: TaskEvent) -> AnyPublisher<Mutation, Never> {
    let state = self.currentState
    switch taskEvent {
    case let .create(task):
      let indexPath = IndexPath(item: 0, section: 0)
      let reactor = TaskCellReactor(task: task)
      return Just(.insertSectionItem(indexPath, reactor)).eraseToAnyPublisher()

    case let .update(task):
      guard let indexPath = self.indexPath(forTaskID: task.id, from: state) else {
        return Empty().eraseToAnyPublisher()
      }
      let reactor = TaskCellReactor(task: task)
      return Just(.updateSectionItem(indexPath, reactor)).eraseToAnyPublisher()

    case let .delete(id):
      guard let indexPath = self.indexPath(forTaskID: id, from: state) else {
        return Empty().eraseToAnyPublisher()
      }
      return Just(.deleteSectionItem(indexPath)).eraseToAnyPublisher()

    case let .move(id, index):
      guard let sourceIndexPath = self.indexPath(forTaskID: id, from: state) else {
        return Empty().eraseToAnyPublisher()
      }
      let destinationIndexPath = IndexPath(item: index, section: 0)
      return Just(.moveSectionItem(sourceIndexPath, destinationIndexPath)).eraseToAnyPublisher()

    case let .markAsDone(id):
      guard let indexPath = self.indexPath(forTaskID: id, from: state) else {
        return Empty().eraseToAnyPublisher()
      }
      var task = state.sections[indexPath].currentState
      task.isDone = true
      let reactor = TaskCellReactor(task: task)
      return Just(.updateSectionItem(indexPath, reactor)).eraseToAnyPublisher()

    case let .markAsUndone(id):
      guard let indexPath = self.indexPath(forTaskID: id, from: state) else {
        return Empty().eraseToAnyPublisher()
      }
      var task = state.sections[indexPath].currentState
      task.isDone = false
      let reactor = TaskCellReactor(task: task)
      return Just(.updateSectionItem(indexPath, reactor)).eraseToAnyPublisher()
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case let .setSections(sections):
      state.sections = sections
    case let .insertSectionItem(indexPath, sectionItem):
      state.sections[indexPath.section].items.insert(sectionItem, at: indexPath.item)
    case let .updateSectionItem(indexPath, sectionItem):
      state.sections[indexPath] = sectionItem
    case let .deleteSectionItem(indexPath):
      state.sections[indexPath.section].items.remove(at: indexPath.item)
    case let .moveSectionItem(sourceIndexPath, destinationIndexPath):
      let sectionItem = state.sections[sourceIndexPath.section].items.remove(
        at: sourceIndexPath.item)
      state.sections[destinationIndexPath.section].items.insert(
        sectionItem, at: destinationIndexPath.item)
    }
    return state
  }

  private func indexPath(forTaskID taskID: String, from state: State) -> IndexPath? {
    let section = 0
    let item = state.sections[section].items.firstIndex { reactor in
      reactor.currentState.id == taskID
    }
    if let item = item {
      return IndexPath(item: item, section: section)
    } else {
      return nil
    }
  }
}
