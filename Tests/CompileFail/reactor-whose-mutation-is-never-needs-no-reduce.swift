// expect: success
// A reactor that only holds a state (RxTodo's cell reactor) declares no action, so its
// mutations are `Never` too, and it needs neither `mutate` nor `reduce`, as in ReactorKit.
import Uniflow

final class TaskCellReactor: Reactor {
  typealias Action = NoAction
  struct State { var title: String }

  let initialState: State
  let runtime = ReactorRuntime<TaskCellReactor>()

  init(title: String) { initialState = State(title: title) }
}

/// Actions that lead to nothing: `mutate` returns no effect, and no `reduce` is written.
final class TapCounterReactor: Reactor {
  enum Action { case tap }
  typealias Mutation = NoMutation
  struct State {}

  let initialState = State()
  let runtime = ReactorRuntime<TapCounterReactor>()

  func mutate(action: Action) -> Effect<Never> { .none }
}

@MainActor func titles() -> String {
  TaskCellReactor(title: "Buy milk").currentState.title
}
