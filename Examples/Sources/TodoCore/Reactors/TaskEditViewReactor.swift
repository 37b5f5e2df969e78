import Uniflow

/// The buttons of the "Really?" alert shown when cancelling an edit with changes.
public enum TaskEditViewCancelAlertAction: AlertActionType, Equatable {
  case leave
  case stay

  public var title: String? {
    switch self {
    case .leave: "Leave"
    case .stay: "Stay"
    }
  }

  public var style: AlertActionStyle {
    switch self {
    case .leave: .destructive
    case .stay: .default
    }
  }
}

/// Whether the edit screen makes a task or changes one.
public enum TaskEditViewMode: Equatable, Sendable {
  case new
  case edit(TodoTask)
}

/// The edit screen: RxTodo's `TaskEditViewReactor`, with a memo field. Cancelling asks
/// "Really?" only when something changed (`shouldConfirmCancel`); saving goes through the
/// task service, whose event updates the list.
public final class TaskEditViewReactor: Reactor {
  public enum Action: Equatable, Sendable, Codable {
    case updateTaskTitle(String)
    case updateTaskMemo(String)
    case cancel
    case submit
  }

  public enum Mutation: Equatable, Sendable, Codable {
    case updateTaskTitle(String)
    case updateTaskMemo(String)
    case dismiss
    case setError(String?)
  }

  public struct State: Equatable, Sendable, Codable {
    /// The screen's title: "New" or "Edit".
    public var title: String
    public var taskTitle: String
    public var taskMemo: String
    public var canSubmit: Bool
    // uniflow-mutate: ignore the initialiser below always sets it
    public var shouldConfirmCancel = false
    // uniflow-mutate: ignore the initialiser below always sets it
    public var isDismissed = false
    /// Why the task could not be saved; a pulse, so the view hears every failure.
    @Pulse public var errorMessage: String?

    public init(
      title: String, taskTitle: String, taskMemo: String, canSubmit: Bool,
      shouldConfirmCancel: Bool = false, isDismissed: Bool = false, errorMessage: String? = nil
    ) {
      self.title = title
      self.taskTitle = taskTitle
      self.taskMemo = taskMemo
      self.canSubmit = canSubmit
      self.shouldConfirmCancel = shouldConfirmCancel
      self.isDismissed = isDismissed
      self.errorMessage = errorMessage
    }
  }

  public let mode: TaskEditViewMode
  public let initialState: State
  public let runtime = ReactorRuntime<TaskEditViewReactor>()
  private let provider: any ServiceProviderType

  public init(provider: any ServiceProviderType, mode: TaskEditViewMode) {
    self.provider = provider
    self.mode = mode
    switch mode {
    case .new:
      initialState = State(title: "New", taskTitle: "", taskMemo: "", canSubmit: false)
    case .edit(let task):
      initialState = State(
        title: "Edit", taskTitle: task.title, taskMemo: task.memo ?? "", canSubmit: true)
    }
  }

  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .updateTaskTitle(let title):
      return .just(.updateTaskTitle(title))

    case .updateTaskMemo(let memo):
      return .just(.updateTaskMemo(memo))

    case .submit:
      let state = currentState
      guard state.canSubmit else { return .none }
      let memo = state.taskMemo.isEmpty ? nil : state.taskMemo
      let taskService = provider.taskService
      let save =
        switch mode {
        case .new: taskService.create(title: state.taskTitle, memo: memo)
        case .edit(let task):
          taskService.update(taskID: task.id, title: state.taskTitle, memo: memo)
        }
      return .publisher(save.map { _ in .dismiss }) { error in .setError(error.description) }

    case .cancel:
      guard currentState.shouldConfirmCancel else { return .just(.dismiss) }
      let alert = provider.alertService.show(
        title: "Really?",
        message: "All changes will be lost",
        preferredStyle: .alert,
        actions: [TaskEditViewCancelAlertAction.leave, .stay])
      return .publisher(
        alert.compactMap { action in action == .leave ? Mutation.dismiss : nil })
    }
  }

  public func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .updateTaskTitle(let title):
      state.taskTitle = title
      state.canSubmit = !title.allSatisfy(\.isWhitespace)
    case .updateTaskMemo(let memo):
      state.taskMemo = memo
    case .dismiss:
      state.isDismissed = true
    case .setError(let message):
      state.errorMessage = message
    }
    state.shouldConfirmCancel =
      state.taskTitle != initialState.taskTitle || state.taskMemo != initialState.taskMemo
  }
}
