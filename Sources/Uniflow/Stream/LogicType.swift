/// The logic of a stream: how its inputs, state and extra dependencies become its outputs.
///
/// ``bind(from:disposeBag:)`` is called once, when the stream is made. It subscribes what
/// it needs (keeping the subscriptions in `disposeBag`, which lives as long as the
/// stream) and returns the output.
///
/// The logic is usually the stream class itself (``UnioStream``), but it may be any type,
/// an `enum` with a static `bind` included, used as `PrimitiveStream<Logic>`: Combine needs
/// no object identity from it.
///
/// ```swift
/// static func bind(
///   from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag
/// ) -> Output {
///   dependency.inputPublishers.search
///     .bind(to: dependency.state.query)
///     .disposed(by: disposeBag)
///   return Output(query: dependency.state.query)
/// }
/// ```
///
/// `LogicType` refines `SendableMetatype` (the logic's conformance cannot be isolated to an
/// actor). That is what lets Unio's one-file spelling, `final class S: UnioStream<S>`,
/// compile in a module whose code defaults to the main actor: without it, the compiler
/// needs the class's isolation to check its own superclass, and reports a circular
/// reference. A stream stays thread-agnostic either way.
public protocol LogicType: SendableMetatype {
  /// The relays the screen sends into.
  associatedtype Input: InputType
  /// What the screen observes.
  associatedtype Output: OutputType
  /// The stream's internal state; ``NoState`` when it keeps none.
  associatedtype State: StateType = NoState
  /// Other dependencies; ``NoExtra`` when there are none.
  associatedtype Extra: ExtraType = NoExtra

  /// Connects inputs, state and extra dependencies and returns the output. Called once.
  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: CancelBag)
    -> Output
}
