/// A screen's logic in ReactorKit's shape: actions come in, `mutate` turns each into an
/// ``Effect`` of mutations, `reduce` applies each mutation to the state, and the view
/// observes ``Reactor/state``.
///
/// A reactor is a class on the main actor. It needs no base class: besides ReactorKit's
/// members it declares one stored property, ``runtime``, where Uniflow keeps the current
/// state, its observers and the running effects (no global side table).
///
/// ```swift
/// final class CounterReactor: Reactor {
///   enum Action { case increase, decrease }
///   struct State { var count = 0 }
///
///   let initialState = State()
///   let runtime = ReactorRuntime<CounterReactor>()
///
///   func reduce(state: inout State, mutation: Action) {
///     switch mutation {
///     case .increase: state.count += 1
///     case .decrease: state.count -= 1
///     }
///   }
/// }
///
/// let reactor = CounterReactor()
/// reactor.send(.increase)
/// reactor.currentState.count   // 1
/// ```
///
/// Actions are handled one at a time, in the order they were sent; an action sent while
/// another is being handled (from `reduce`, or from a state observer) waits its turn. An
/// action sent on the main actor whose effect is synchronous (``Effect/just(_:)``,
/// ``Effect/none``, an array of mutations) is handled before `send` returns.
@MainActor
public protocol Reactor<Action, Mutation, State>: AnyObject {
  /// What the view asks for.
  associatedtype Action
  /// A change to apply to the state; the action itself by default.
  associatedtype Mutation = Action
  /// Everything the view shows.
  associatedtype State

  /// The state before any action has been handled.
  var initialState: State { get }

  /// The class that declares ``runtime``: the reactor itself, or the base class a
  /// reactor inherits it from. Inferred from `runtime`; never written out.
  associatedtype RuntimeOwner: Reactor = Self
  where
    RuntimeOwner.Action == Action, RuntimeOwner.Mutation == Mutation,
    RuntimeOwner.State == State

  /// Where Uniflow keeps the reactor's state, observers and effects. Declare it as
  /// `let runtime = ReactorRuntime<MyReactor>()`; a base class that is not final
  /// declares it once, with its own name, for its subclasses.
  ///
  /// A `let` of this type can be read from any thread (the runtime is a main-actor class),
  /// which is what lets ``action`` be taken off the main actor.
  nonisolated var runtime: ReactorRuntime<RuntimeOwner> { get }

  /// Turns an action into the mutations it causes, now or later.
  ///
  /// The default, when `Mutation` is `Action`, applies the action as it is.
  func mutate(action: Action) -> Effect<Mutation>

  /// Applies `mutation` to `state` in place.
  ///
  /// Ported code that keeps ReactorKit's `reduce(state:mutation:) -> State` conforms to
  /// ``ReturningReducer`` as well, which supplies this one.
  func reduce(state: inout State, mutation: Mutation)

  /// Mutations that come from outside the reactor, such as a service's global events
  /// (ReactorKit's RxTodo article): the engine subscribes to them once, when the reactor is first used (as in
  /// ReactorKit, events sent before that are not seen), and reduces each as it arrives, in
  /// order, on the main actor. `nil`, the default, for a reactor that follows nothing.
  ///
  /// ```swift
  /// var globalEvents: AnyPublisher<Mutation, Never>? {
  ///   provider.taskService.event.map(Mutation.taskEvent).eraseToAnyPublisher()
  /// }
  /// ```
  ///
  /// The reactor's own mutations never go through this publisher, so a reactor that
  /// follows a service costs, per action, what one that follows nothing costs. Ported code
  /// that merges the events in ``transform(mutation:)`` keeps working as in ReactorKit, at
  /// the price of sending every mutation through the merge.
  var globalEvents: AnyPublisher<Mutation, Never>? { get }

  /// Transforms the stream of actions before `mutate`, for example to merge in actions
  /// from elsewhere. Called once, before the first action is handled.
  func transform(action: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never>

  /// Transforms the stream of mutations before `reduce`, typically to merge a service's
  /// global events. Called once, when the reactor is first used (its first action, state
  /// read or subscription); as in ReactorKit, events sent before that are not seen.
  func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never>

  /// Transforms the stream of states before observers see it, for example to log.
  /// Called once, before the first state is delivered.
  func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never>
}

// MARK: - Default Implementations

extension Reactor where Mutation == Action {
  @inlinable
  public func mutate(action: Action) -> Effect<Mutation> {
    .just(action)
  }
}

extension Reactor where Mutation == Never {
  /// Nothing to apply: a reactor whose `Mutation` is `Never` (ReactorKit's ``NoMutation``),
  /// such as one that only holds a state, needs no `reduce`.
  @inlinable
  public func reduce(state: inout State, mutation: Never) {}
}

extension Reactor {
  /// No global events.
  public var globalEvents: AnyPublisher<Mutation, Never>? { nil }
}

extension Reactor {
  // Each default tells the runtime that it ran, so that the engine skips the hook: a
  // reactor that keeps the defaults sends nothing through Combine.

  /// Leaves the actions as they are.
  public func transform(action: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never> {
    runtime.ranDefaultHook = true
    return action
  }

  /// Leaves the mutations as they are.
  public func transform(mutation: AnyPublisher<Mutation, Never>)
    -> AnyPublisher<Mutation, Never>
  {
    runtime.ranDefaultHook = true
    return mutation
  }

  /// Leaves the states as they are.
  public func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never> {
    runtime.ranDefaultHook = true
    return state
  }
}
