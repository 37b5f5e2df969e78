// expect: error: type 'PortedReactor' does not conform to protocol 'Reactor'
// ReactorKit's returning `reduce` alone does not make a Reactor: the port adds
// `ReturningReducer` (see the next snippet), so a typo in either form cannot compile.
import Uniflow

final class PortedReactor: Reactor {
  enum Action: Sendable { case increase }
  struct State { var count = 0 }
  let initialState = State()
  let runtime = ReactorRuntime<PortedReactor>()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.count += 1
    return state
  }
}
