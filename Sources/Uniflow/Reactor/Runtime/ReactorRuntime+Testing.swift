/// What the testing tools watch in a runtime: they see the engine's work without changing
/// the way it runs.
@usableFromInline
struct RuntimeWatchers<Mutation, State> {
  /// Called after each mutation is reduced, with the new state.
  @usableFromInline var didReduce: ((Mutation, State) -> Void)?
  /// How many asynchronous effects (publishers, `run` tasks) have started: a tester
  /// compares it before and after a send to learn, without hashing, whether the send
  /// started one.
  @usableFromInline var startedEffects = 0
  /// While nonzero, every effect an action starts is also marked with
  /// `EffectsOfSend(number: sendNumber)`, so a tester can wait for or cancel the effects of
  /// one `send`. A plain number, so that a send that starts no effect costs no hashing.
  @usableFromInline var sendNumber = 0
  /// What else watches, made when the first of it is attached: `nil` in an app whose
  /// reactor no flow and no tester watches, so that releasing the runtime releases one
  /// `nil` for all three (the per-send fields above stay inline, since a tester reads them
  /// on every send).
  @usableFromInline var attached: AttachedWatchers?

  /// The attached watchers, made when first asked for.
  @usableFromInline
  mutating func attachedWatchers() -> AttachedWatchers {
    if let attached { return attached }
    let made = AttachedWatchers()
    attached = made
    return made
  }

  @usableFromInline
  init() {}
}

/// The watchers of a runtime that are attached once and read rarely (see
/// ``RuntimeWatchers/attached``).
@usableFromInline
final class AttachedWatchers {
  // The properties skip the dynamic exclusivity check, as the runtime's do: every access is
  // on the main actor.
  /// Called when an asynchronous effect finishes or is cancelled.
  @usableFromInline @exclusivity(unchecked) var didEndEffect: (() -> Void)?
  /// What reports work in flight for this reactor (a flow's ``ChildScreens``), registered
  /// when it is attached; weak, so that the freed check is not fooled.
  @exclusivity(unchecked) var workReporters: [WeakWorkReporter] = []
  /// The task executor a tester runs this reactor's `.run` effects on, so that it knows
  /// when they have all stopped or suspended; `nil` (the global executor) in an app. Held
  /// as `AnyObject` because `TaskExecutor` needs iOS 18.
  @exclusivity(unchecked) var effectExecutor: AnyObject?

  @usableFromInline
  init() {}
}

/// A weak reference to what reports a reactor's work in flight: the testers hold them
/// so too, so that the freed check is not fooled.
package struct WeakWorkReporter {
  package weak var object: (any WorkInFlightReporting)?

  package init(object: any WorkInFlightReporting) { self.object = object }
}

extension ReactorRuntime {
  /// What reports work in flight for this reactor: the ``ChildScreens`` a flow attached.
  /// Testers look here rather than into the reactor's properties.
  package var workReporters: [any WorkInFlightReporting] {
    watchers.attached?.workReporters.compactMap(\.object) ?? []
  }

  /// Registers `reporter` (a flow's ``ChildScreens``, when it is attached).
  func register(workReporter reporter: any WorkInFlightReporting) {
    watchers.attachedWatchers().workReporters.append(WeakWorkReporter(object: reporter))
  }

  /// Called after each mutation is reduced, with the new state.
  @usableFromInline package var didReduce: ((Owner.Mutation, Owner.State) -> Void)? {
    get { watchers.didReduce }
    set { watchers.didReduce = newValue }
  }

  /// Called when an asynchronous effect finishes or is cancelled.
  @usableFromInline package var didEndEffect: (() -> Void)? {
    get { watchers.attached?.didEndEffect }
    set { watchers.attachedWatchers().didEndEffect = newValue }
  }

  /// The task executor this reactor's `.run` effects start on (a tester's `EffectQueue`);
  /// `nil`, the global executor, unless a tester set one. An object that is not a
  /// `TaskExecutor` is ignored.
  package var effectExecutor: AnyObject? {
    get { watchers.attached?.effectExecutor }
    set { watchers.attachedWatchers().effectExecutor = newValue }
  }

  /// The number of effects still running: publishers that have not finished and `run`
  /// tasks that have not returned. Testing tools use it to find forgotten effects.
  package var runningEffectCount: Int { effectStore?.count ?? 0 }

  /// While nonzero, the effects that actions start belong to the send of this number;
  /// see ``runningEffectCount(ofSend:)`` and ``cancelEffects(ofSend:)``.
  @usableFromInline package var sendNumber: Int {
    get { watchers.sendNumber }
    set { watchers.sendNumber = newValue }
  }

  /// How many asynchronous effects have started so far.
  @inlinable package var startedEffectCount: Int { watchers.startedEffects }

  /// The cancellation ids of each running effect, one list per effect (empty for an
  /// effect started without one); a tester's own marks are among them.
  package var runningEffectIDs: [[AnyHashable]] { effectStore?.runningIDs ?? [] }

  /// The number of running effects that the send numbered `number` started.
  package func runningEffectCount(ofSend number: Int) -> Int {
    effectStore?.count(id: EffectsOfSend(number: number)) ?? 0
  }

  /// Cancels the running effects that the send numbered `number` started.
  package func cancelEffects(ofSend number: Int) {
    effectStore?.cancel(id: EffectsOfSend(number: number))
    watchers.attached?.didEndEffect?()
  }

  /// Whether a mutation may still arrive without another action sent on the main actor: an
  /// effect is running, an action sent from another thread is on its way, the reactor
  /// follows global events, or an action or mutation `transform` hook is connected (its
  /// pipeline may merge a service's events, or delay). When this is `false`, nothing is in
  /// flight. Actions that take the hook's road only to be announced to `action.filter`
  /// are no hook: the engine's flag says which road, the hook's input whether there is a
  /// pipeline.
  package var mayDeliverLater: Bool {
    runningEffectCount > 0 || hooks?.actionInput != nil || hooks?.mutationInput != nil
      || globalEvents != nil || hasActionOnItsWay
  }

  /// The `run` tasks whose operation has not returned, including cancelled ones that have
  /// not stopped yet (or never will: a loop that ignores cancellation).
  package var liveEffectTaskCount: Int { effectStore?.liveTasks.value ?? 0 }

  /// Cancels every running effect.
  package func cancelAllEffects() {
    effectStore?.cancelAll()
    watchers.attached?.didEndEffect?()
  }
}

/// The cancellation id of the effects one numbered send started (see
/// `RuntimeWatchers.sendNumber`).
@usableFromInline
package struct EffectsOfSend: Hashable, Sendable {
  @usableFromInline package let number: Int

  @usableFromInline
  init(number: Int) { self.number = number }
}
