/// ReactorKit's name for the `Action` of a reactor that takes none, such as RxTodo's cell
/// reactor, which only holds a state. With it, `Mutation` is `Never` too, and the reactor
/// needs neither `mutate` nor `reduce`.
///
/// ```swift
/// final class TaskCellReactor: Reactor {
///   typealias Action = NoAction
///   struct State { var title: String }
///
///   let initialState: State
///   let runtime = ReactorRuntime<TaskCellReactor>()
///
///   init(title: String) { initialState = State(title: title) }
/// }
/// ```
public typealias NoAction = Never

/// ReactorKit's name for the `Mutation` of a reactor whose actions change nothing; with it
/// the reactor needs no `reduce`.
public typealias NoMutation = Never
