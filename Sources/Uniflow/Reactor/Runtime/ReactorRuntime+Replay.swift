// What a replay needs from the engine (see `ReactorTester(replaying:reactor:)` in
// UniflowTesting): the mutations `mutate` returns at once, a recorded mutation reduced
// as if it came out of the `transform(mutation:)` hook, and the state `reduce` left.

extension Effect {
  /// The mutations of an effect that applies them at once (`.none`, `.just`,
  /// `.sequence`), in order; `nil` for an effect that runs.
  package var immediateMutations: [Mutation]? {
    switch operation {
    case .none: []
    case .just(let mutation): [mutation]
    case .many(let mutations): mutations
    default: nil
    }
  }

  /// Whether the effect applies its mutations at once: ``immediateMutations`` is not
  /// `nil`. Recording asks this for each action, without building the array.
  @inlinable
  var isImmediate: Bool {
    switch operation {
    case .none, .just, .many: true
    default: false
    }
  }
}

extension ReactorRuntime {
  /// Reduces a recorded `mutation` as the hook's output would be: it is not passed
  /// through `transform(mutation:)` again, since the recording holds what `reduce` got.
  package func replay(
    _ mutation: Owner.Mutation, _ reactor: some Reactor<Owner.Action, Owner.Mutation, Owner.State>
  ) {
    prepare(reactor)
    reduce(mutation, core.engine.admit(hookedMutation: mutation), reactor)
  }

  /// The state as `reduce` left it, before `transform(state:)`; what a recording holds.
  @usableFromInline
  package func reducedState(
    of reactor: some Reactor<Owner.Action, Owner.Mutation, Owner.State>
  ) -> Owner.State {
    prepare(reactor)
    return state
  }
}
