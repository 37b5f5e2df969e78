/// A reactor that keeps ReactorKit's `reduce`, which returns the new state, so that a
/// ported reactor compiles without rewriting its reducer.
///
/// ```swift
/// final class CounterReactor: Reactor, ReturningReducer {
///   …
///   func reduce(state: State, mutation: Mutation) -> State {
///     var newState = state
///     switch mutation {
///     case .increaseValue: newState.value += 1
///     }
///     return newState
///   }
/// }
/// ```
///
/// ``Reactor`` itself requires only the in-place form,
/// `reduce(state: inout State, mutation:)`, which copies nothing; this protocol supplies
/// it by calling the returning form. A reactor that writes neither does not compile.
@MainActor
public protocol ReturningReducer: Reactor {
  /// Returns the state after `mutation`; ReactorKit's form.
  func reduce(state: State, mutation: Mutation) -> State
}

extension ReturningReducer {
  /// Applies `mutation` through the returning form.
  @inlinable
  public func reduce(state: inout State, mutation: Mutation) {
    state = reduce(state: state, mutation: mutation)
  }
}
