import Foundation
import Testing
import Uniflow

/// The smallest reactor: actions are mutations, reduced in place.
final class CounterReactor: Reactor {
  enum Action: Equatable, Sendable { case increase, decrease, set(Int) }
  struct State: Equatable { var count = 0 }

  let initialState = State()
  let runtime = ReactorRuntime<CounterReactor>()

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .increase: state.count += 1
    case .decrease: state.count -= 1
    case .set(let value): state.count = value
    }
  }
}

/// A reactor written the ReactorKit way: `reduce` returns a new state.
final class PortedCounterReactor: Reactor, ReturningReducer {
  enum Action { case increase }
  enum Mutation { case increaseValue }
  struct State { var value = 0 }

  let initialState = State()
  let runtime = ReactorRuntime<PortedCounterReactor>()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increase: .just(.increaseValue)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .increaseValue: newState.value += 1
    }
    return newState
  }
}
