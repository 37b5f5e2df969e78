// expect: success
// A ported reactor keeps ReactorKit's returning `reduce` by adding `ReturningReducer`.
import Uniflow

final class PortedReactor: Reactor, ReturningReducer {
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
