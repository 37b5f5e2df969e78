extension ReactorRuntime {
  /// The running effects, made when the first asynchronous effect starts.
  var effects: EffectStore {
    if let effectStore { return effectStore }
    let created = EffectStore()
    effectStore = created
    return created
  }

  /// Starts `effect`; `completion` runs on the main actor when it has finished (not when
  /// it is cancelled).
  @usableFromInline
  func start(
    _ effect: Effect<Mutation>,
    reactor: some Reactor<Action, Mutation, State>,
    ids: [AnyHashable] = [],
    completion: (@MainActor () -> Void)? = nil
  ) {
    switch effect.operation {
    case .none, .just, .many:
      // A synchronous part of a longer effect (`concat`, `merge`, `cancellable`).
      interpret(effect, reactor)
      completion?()
    case .publisher(let publisher):
      watchers.startedEffects &+= 1
      let token = effects.reserve(ids: ids)
      let inbox = eventInbox(token: token, reactor: reactor, completion: completion)
      // @Sendable: the publisher may deliver on any thread; the inbox hops.
      let subscription = publisher.sink(
        receiveCompletion: { @Sendable _ in inbox.send(.finished) },
        receiveValue: { @Sendable in inbox.send(.mutation($0)) }
      )
      if !effects.attach(.subscription(subscription), to: token) {
        subscription.cancel()
      }
    case .run(let priority, let operation):
      watchers.startedEffects &+= 1
      let token = effects.reserve(ids: ids)
      let inbox = eventInbox(token: token, reactor: reactor, completion: completion)
      let send = Send<Mutation> { @Sendable in inbox.send(.mutation($0)) }
      // The task holds the counter, not the store: the store must go (and cancel its
      // effects) on the main actor, with the reactor.
      let counter = effects.liveTasks
      counter.began()
      let task = startTask(
        detached: true, priority: priority.map(TaskPriority.init(rawValue:)),
        preferring: watchers.attached?.effectExecutor
      ) {
        await operation(send)
        counter.ended()
        inbox.send(.finished)
      }
      if !effects.attach(.task(task), to: token) {
        task.cancel()
      }
    case .concat(let effects):
      startInOrder(effects[...], reactor: reactor, ids: ids, completion: completion)
    case .merge(let effects):
      let remaining = Countdown(effects.count, then: completion)
      for effect in effects {
        start(effect, reactor: reactor, ids: ids) { remaining.tick() }
      }
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight {
        self.effects.cancel(id: id)
        watchers.attached?.didEndEffect?()
      }
      start(inner, reactor: reactor, ids: ids + [id], completion: completion)
    case .cancel(let id):
      effects.cancel(id: id)
      watchers.attached?.didEndEffect?()
      completion?()
    }
  }

  private func startInOrder<R: Reactor<Action, Mutation, State>>(
    _ effects: ArraySlice<Effect<Mutation>>,
    reactor: R,
    ids: [AnyHashable],
    completion: (@MainActor () -> Void)?
  ) {
    guard let first = effects.first else {
      completion?()
      return
    }
    start(first, reactor: reactor, ids: ids) { [weak self, weak reactor] in
      guard let self, let reactor else { return }
      self.startInOrder(effects.dropFirst(), reactor: reactor, ids: ids, completion: completion)
    }
  }

  /// The way back to the main actor for one asynchronous effect. Its mutations are
  /// applied in order; once it is cancelled, what it still sends is dropped.
  private func eventInbox<R: Reactor<Action, Mutation, State>>(
    token: UInt64, reactor: R, completion: (@MainActor () -> Void)?
  ) -> MainActorInbox<EffectEvent<Mutation>> {
    MainActorInbox { [weak self, weak reactor] event in
      guard let self, let reactor else { return }
      switch event {
      case .mutation(let mutation):
        guard self.effects.isRunning(token) else { return }
        if let recording = self.recording {
          recording.arriving(from: .effect) { self.apply(mutation, reactor) }
        } else {
          self.apply(mutation, reactor)
        }
      case .finished:
        if self.effects.finish(token) {
          self.watchers.attached?.didEndEffect?()
          completion?()
        }
      }
    }
  }
}

/// What an asynchronous effect reports back to the main actor.
///
/// Not nested in `ReactorRuntime`: the `@Sendable` closures that send it would then need
/// the reactor's type, which is not `Sendable` (see `Reactor`).
enum EffectEvent<Mutation> {
  case mutation(Mutation)
  case finished
}

/// Calls its action when it has been ticked `count` times (at once for zero).
@MainActor
final class Countdown {
  private var remaining: Int
  private let action: (@MainActor () -> Void)?

  init(_ count: Int, then action: (@MainActor () -> Void)?) {
    remaining = count
    self.action = action
    if count == 0 { action?() }
  }

  func tick() {
    remaining -= 1
    if remaining == 0 { action?() }
  }
}
