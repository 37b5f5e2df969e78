// RxTodo's edit screen (ReactorKit's sample app), ported from ReactorKit: the cancel confirmation.
import Uniflow

// snippet.hide
enum CancelAlertAction: Equatable, Sendable { case leave, stay }

@MainActor
protocol AlertServiceType: AnyObject {
  func show(title: String, message: String, actions: [CancelAlertAction])
    -> AnyPublisher<CancelAlertAction, Never>
}

@MainActor
protocol ServiceProviderType: AnyObject {
  var alertService: any AlertServiceType { get }
}
// snippet.show

final class TaskEditViewReactor: Reactor {
  enum Action: Equatable, Sendable { case updateTaskTitle(String), cancel }
  enum Mutation: Equatable, Sendable { case updateTaskTitle(String), dismiss }

  struct State: Equatable, Sendable {
    var taskTitle = ""
    var shouldConfirmCancel = false
    var isDismissed = false
  }

  let initialState = State()
  let runtime = ReactorRuntime<TaskEditViewReactor>()
  private let provider: any ServiceProviderType

  init(provider: any ServiceProviderType) {
    self.provider = provider
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .updateTaskTitle(let title):
      return .just(.updateTaskTitle(title))
    case .cancel:
      guard currentState.shouldConfirmCancel else { return .just(.dismiss) }
      let alert = provider.alertService.show(
        title: "Really?", message: "All changes will be lost", actions: [.leave, .stay])
      return .publisher(alert.compactMap { $0 == .leave ? Mutation.dismiss : nil })
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .updateTaskTitle(let title):
      state.taskTitle = title
      state.shouldConfirmCancel = true
    case .dismiss:
      state.isDismissed = true
    }
  }
}
