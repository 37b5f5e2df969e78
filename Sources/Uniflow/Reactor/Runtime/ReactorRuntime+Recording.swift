import Foundation

extension ReactorRuntime {
  /// `perform(action:)` while recording: the same work, with the mutations of the
  /// synchronous effect that `mutate` returns marked as such.
  ///
  /// Inlinable, like the rest of the engine, so that the app's build specializes it for
  /// its reactor: run generically, its type lookups cost more than the recorder's work.
  /// Never inlined, so that `perform(action:)` stays as small as when nothing records.
  @inlinable @inline(never)
  func performRecorded(
    _ action: Action, into recording: SessionTap<Action, Mutation, State>,
    _ reactor: some Reactor<Action, Mutation, State>
  ) {
    recording.performing(action)
    let effect = reactor.mutate(action: action)
    // The same test of "immediate" that a replay uses to check `mutate`. The synchronous
    // parts of a longer effect (`concat(.just(…), .publisher(…))`) are the effect's.
    let arrival: SessionTap<Action, Mutation, State>.Arrival =
      effect.isImmediate ? .mutate : .effect
    recording.arriving(from: arrival) { interpret(effect, reactor) }
    recording.performed()
  }
}
