/// What the testing tools watch in a runtime: they see the engine's work without changing
/// the way it runs.
@usableFromInline
struct RuntimeWatchers<Mutation, State> {
  /// Called after each mutation is reduced, with the new state.
  @usableFromInline var didReduce: ((Mutation, State) -> Void)?
  /// Called when an asynchronous effect finishes or is cancelled.
  @usableFromInline var didEndEffect: (() -> Void)?

  @usableFromInline
  init() {}
}

extension ReactorRuntime {
  /// Called after each mutation is reduced, with the new state.
  @usableFromInline package var didReduce: ((Owner.Mutation, Owner.State) -> Void)? {
    get { watchers.didReduce }
    set { watchers.didReduce = newValue }
  }

  /// Called when an asynchronous effect finishes or is cancelled.
  @usableFromInline package var didEndEffect: (() -> Void)? {
    get { watchers.didEndEffect }
    set { watchers.didEndEffect = newValue }
  }

  /// The number of effects still running: publishers that have not finished and `run`
  /// tasks that have not returned. Testing tools use it to find forgotten effects.
  package var runningEffectCount: Int { effectStore?.count ?? 0 }

  /// Cancels every running effect.
  package func cancelAllEffects() {
    effectStore?.cancelAll()
    watchers.didEndEffect?()
  }
}
