import Uniflow

/// The task list: RxTodo's `TaskListViewReactor`, with a selection (the terminal has no
/// touch) and a message when saving fails.
///
/// Actions that change tasks go to the task service and produce no mutation of their
/// own: the service's ``TaskEvent``s, the reactor's ``globalEvents``, update the list — the
/// same path an edit made on another screen takes.
public final class TaskListViewReactor: Reactor {
  public enum Action: Equatable, Sendable, Codable {
    case refresh
    case select(Int)
    case toggleTaskDone(Int)
    case deleteTask(Int)
    case moveTask(Int, Int)
    case dismissError
  }

  public enum Mutation: Equatable, Sendable, Codable {
    case setTasks([TodoTask], selectedIndex: Int?)
    case insertTask(Int, TodoTask)
    case updateTask(Int, TodoTask)
    case deleteTask(Int)
    case moveTask(Int, Int)
    case setSelectedIndex(Int?)
    case setError(String?)
  }

  public struct State: Equatable, Sendable, Codable {
    public var tasks: [TodoTask] = []
    /// The highlighted row, `nil` only when the list is empty.
    public var selectedIndex: Int?
    /// Why the last change was not saved, until the next change or `dismissError`. A
    /// pulse: the view is told each time it is set, even to the same message twice.
    @Pulse public var errorMessage: String?
    /// Whether the first `refresh` has finished.
    public var isLoaded = false

    public init() {}

    public var selectedTask: TodoTask? {
      selectedIndex.map { tasks[$0] }
    }

    /// Clears the error if there is one; a change that had no error to clear does not
    /// pulse.
    mutating func clearError() {
      if errorMessage != nil { errorMessage = nil }
    }
  }

  public let initialState = State()
  public let runtime = ReactorRuntime<TaskListViewReactor>()
  private let provider: any ServiceProviderType

  public init(provider: any ServiceProviderType) {
    self.provider = provider
  }

  public func mutate(action: Action) -> Effect<Mutation> {
    let taskService = provider.taskService
    switch action {
    case .refresh:
      let selectedID = provider.settingsService.value(forKey: .selectedTaskID)
      let load = taskService.fetchTasks().map { tasks in
        Mutation.setTasks(tasks, selectedIndex: tasks.firstIndex { $0.id == selectedID })
      }
      return .publisher(load, catch: Self.errorMutation)

    case .select(let index):
      let tasks = currentState.tasks
      guard !tasks.isEmpty else { return .none }
      let index = min(max(0, index), tasks.count - 1)
      do {
        try provider.settingsService.set(tasks[index].id, forKey: .selectedTaskID)
      } catch {
        return [.setSelectedIndex(index), Self.errorMutation(error)]
      }
      return .just(.setSelectedIndex(index))

    case .toggleTaskDone(let index):
      guard let task = task(at: index) else { return .none }
      let change =
        task.isDone
        ? taskService.markAsUndone(taskID: task.id) : taskService.markAsDone(taskID: task.id)
      return Self.ignoringValue(change)

    case .deleteTask(let index):
      guard let task = task(at: index) else { return .none }
      return Self.ignoringValue(taskService.delete(taskID: task.id))

    case .moveTask(let source, let destination):
      guard let task = task(at: source), self.task(at: destination) != nil, source != destination
      else { return .none }
      return Self.ignoringValue(taskService.move(taskID: task.id, to: destination))

    case .dismissError:
      return .just(.setError(nil))
    }
  }

  /// ReactorKit's global events: what the task service did, from this screen or another,
  /// as this screen's mutations. The engine follows them itself; the reactor's own
  /// mutations do not go through this publisher.
  public var globalEvents: AnyPublisher<Mutation, Never>? {
    provider.taskService.event
      .compactMap { [weak self] event in self?.mutation(for: event) }
      .eraseToAnyPublisher()
  }

  public func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case let .setTasks(tasks, selectedIndex):
      state.tasks = tasks
      state.selectedIndex = selectedIndex ?? (tasks.isEmpty ? nil : 0)
      state.isLoaded = true
    case let .insertTask(index, task):
      state.tasks.insert(task, at: index)
      state.selectedIndex = index
      state.clearError()
    case let .updateTask(index, task):
      state.tasks[index] = task
      state.clearError()
    case let .deleteTask(index):
      state.tasks.remove(at: index)
      if let selected = state.selectedIndex {
        state.selectedIndex = state.tasks.isEmpty ? nil : min(selected, state.tasks.count - 1)
      }
      state.clearError()
    case let .moveTask(source, destination):
      let task = state.tasks.remove(at: source)
      state.tasks.insert(task, at: destination)
      if state.selectedIndex == source { state.selectedIndex = destination }
      state.clearError()
    case let .setSelectedIndex(index):
      state.selectedIndex = index
    case let .setError(message):
      state.errorMessage = message
    }
  }

  private func task(at index: Int) -> TodoTask? {
    currentState.tasks.indices.contains(index) ? currentState.tasks[index] : nil
  }

  /// The list's mutation for a change made anywhere through the task service.
  private func mutation(for event: TaskEvent) -> Mutation? {
    let tasks = currentState.tasks
    func index(of id: String) -> Int? { tasks.firstIndex { $0.id == id } }
    switch event {
    case .create(let task):
      return .insertTask(tasks.count, task)
    case .update(let task):
      return index(of: task.id).map { .updateTask($0, task) }
    case .delete(let id):
      return index(of: id).map { .deleteTask($0) }
    case let .move(id, destination):
      guard let source = index(of: id) else { return nil }
      return .moveTask(source, min(max(0, destination), tasks.count - 1))
    case .markAsDone(let id), .markAsUndone(let id):
      guard let index = index(of: id) else { return nil }
      var task = tasks[index]
      task.isDone = event == .markAsDone(id: id)
      return .updateTask(index, task)
    }
  }

  private static func ignoringValue(_ change: AnyPublisher<TodoTask, TodoStoreError>) -> Effect<
    Mutation
  > {
    .publisher(change.compactMap { _ in Mutation?.none }, catch: errorMutation)
  }

  private static func errorMutation(_ error: any Error) -> Mutation {
    .setError((error as? TodoStoreError)?.description ?? "\(error)")
  }
}
