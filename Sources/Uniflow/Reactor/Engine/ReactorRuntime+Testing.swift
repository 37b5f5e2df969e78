/// What the testing tools watch in a runtime: they see the engine's work without changing
/// the way it runs.
@usableFromInline
struct RuntimeWatchers<Mutation, State> {
  /// Called after each mutation is reduced, with the new state.
  @usableFromInline var didReduce: ((Mutation, State) -> Void)?
  /// Called when an asynchronous effect finishes or is cancelled.
  @usableFromInline var didEndEffect: (() -> Void)?
  /// While set, every effect an action starts is also marked with this cancellation id,
  /// so a tester can wait for or cancel the effects of one `send`.
  @usableFromInline var effectTag: AnyHashable?

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

  /// While set, every effect an action starts is also marked with this cancellation id;
  /// see ``runningEffectCount(tagged:)`` and ``cancelEffects(tagged:)``.
  @usableFromInline package var effectTag: AnyHashable? {
    get { watchers.effectTag }
    set { watchers.effectTag = newValue }
  }

  /// The number of running effects marked with `tag` (see ``effectTag``).
  package func runningEffectCount(tagged tag: AnyHashable) -> Int {
    effectStore?.count(id: tag) ?? 0
  }

  /// Cancels the running effects marked with `tag`.
  package func cancelEffects(tagged tag: AnyHashable) {
    effectStore?.cancel(id: tag)
    watchers.didEndEffect?()
  }

  /// Whether a mutation may still arrive without another action: an effect is running, or
  /// an action or mutation `transform` hook is connected (its pipeline may merge a
  /// service's events, or delay). When this is `false`, nothing is in flight.
  package var mayDeliverLater: Bool {
    runningEffectCount > 0 || engine.hooks.action || engine.hooks.mutation
  }

  /// Cancels every running effect.
  package func cancelAllEffects() {
    effectStore?.cancelAll()
    watchers.didEndEffect?()
  }
}
