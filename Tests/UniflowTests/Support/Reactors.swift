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
final class PortedCounterReactor: Reactor {
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

/// Waits, yielding to the main actor, until `condition` holds or `seconds` pass.
@MainActor
func eventually(
  timeout seconds: Double = 5, _ condition: @MainActor () -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  let deadline = Date().addingTimeInterval(seconds)
  while !condition() {
    if Date() > deadline {
      Issue.record("Condition not met within \(seconds) s", sourceLocation: sourceLocation)
      return
    }
    try? await Task.sleep(nanoseconds: 1_000_000)
  }
}

/// A flag set from any thread.
final class Flag: @unchecked Sendable {
  // Sendable because `value` is only touched with `lock` held.
  private let lock = NSLock()
  private var value = false
  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}
