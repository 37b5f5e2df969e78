import Uniflow

/// The counter of the first scenario: one action, one mutation, one state field.
public final class CounterReactor: Reactor {
  // Codable for the recording scenario; the conformance changes nothing on the way.
  public enum Action: Sendable, Codable { case increase }
  public struct State: Equatable, Sendable, Codable {
    public var count = 0
  }

  public let initialState = State()
  public let runtime = ReactorRuntime<CounterReactor>()

  public init() {}

  public func reduce(state: inout State, mutation: Action) {
    state.count += 1
  }
}

/// The counter with a `transform(mutation:)` hook that merges a service's events, as
/// seed 003's list reactor does: every mutation goes through the hook's pipeline.
public final class HookedCounterReactor: Reactor {
  public enum Action: Sendable { case increase }
  public struct State: Equatable, Sendable {
    public var count = 0
  }

  public let initialState = State()
  public let runtime = ReactorRuntime<HookedCounterReactor>()
  public let events = PublishRelay<Action>()

  public init() {}

  public func reduce(state: inout State, mutation: Action) {
    state.count += 1
  }

  public func transform(mutation: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never> {
    mutation.merge(with: events).eraseToAnyPublisher()
  }
}

/// The counter following a service's events the way the docs teach: declared as its
/// `globalEvents`, so its own mutations never leave the engine.
public final class GlobalEventsCounterReactor: Reactor {
  public enum Action: Sendable { case increase }
  public struct State: Equatable, Sendable {
    public var count = 0
  }

  public let initialState = State()
  public let runtime = ReactorRuntime<GlobalEventsCounterReactor>()
  public let events = PublishRelay<Action>()

  public init() {}

  public var globalEvents: AnyPublisher<Action, Never>? { events.eraseToAnyPublisher() }

  public func reduce(state: inout State, mutation: Action) {
    state.count += 1
  }
}

/// A reactor whose state holds a large array; each action changes one element.
public final class ArrayReactor: Reactor {
  public enum Action: Sendable { case bump(Int) }
  public struct State: Sendable {
    public var values: [Int]
  }

  public let initialState: State
  public let runtime = ReactorRuntime<ArrayReactor>()

  public init(size: Int) {
    initialState = State(values: Array(repeating: 0, count: size))
  }

  public func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .bump(let index): state.values[index] &+= 1
    }
  }
}

/// A reactor with two fields: observers watch `x`, actions change `x` or only `y`.
public final class TwoFieldReactor: Reactor {
  public enum Action: Sendable { case changeX, changeY }
  public struct State: Sendable {
    public var x = 0
    public var y = 0
  }

  public let initialState = State()
  public let runtime = ReactorRuntime<TwoFieldReactor>()

  public init() {}

  public func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .changeX: state.x &+= 1
    case .changeY: state.y &+= 1
    }
  }
}

/// A reactor whose action runs an async effect that sends one mutation back.
public final class RoundTripReactor: Reactor {
  public enum Action: Sendable { case load }
  public enum Mutation: Sendable { case loaded }
  public struct State: Sendable {
    public var loaded = 0
  }

  public let initialState = State()
  public let runtime = ReactorRuntime<RoundTripReactor>()

  public init() {}

  public func mutate(action: Action) -> Effect<Mutation> {
    .run { send in send(.loaded) }
  }

  public func reduce(state: inout State, mutation: Mutation) {
    state.loaded += 1
  }
}

/// Seed 003's list reactor in small: it merges a shared service's events into its own
/// mutations through `transform(mutation:)`.
public final class ServiceFollowingReactor: Reactor {
  public enum Action: Sendable { case bump }
  public struct State: Sendable {
    public var count = 0
  }

  public let initialState = State()
  public let runtime = ReactorRuntime<ServiceFollowingReactor>()
  private let events: PublishRelay<Action>
  /// Whether it follows the events ReactorKit's way, merged in `transform(mutation:)`,
  /// rather than as its `globalEvents`.
  private let merges: Bool

  public init(events: PublishRelay<Action>, merges: Bool = false) {
    self.events = events
    self.merges = merges
  }

  public var globalEvents: AnyPublisher<Action, Never>? {
    merges ? nil : events.eraseToAnyPublisher()
  }

  public func reduce(state: inout State, mutation: Action) {
    state.count &+= 1
  }

  public func transform(mutation: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never> {
    merges ? mutation.merge(with: events).eraseToAnyPublisher() : mutation
  }
}

/// A reactor whose action answers with a publisher effect that delivers at once: each
/// action starts an effect, with its inbox from other threads and its subscription, the
/// part of an asynchronous effect's start that runs on the main actor.
public final class PublisherEffectReactor: Reactor {
  public enum Action: Sendable { case load }
  public enum Mutation: Sendable { case loaded }
  public struct State: Sendable {
    public var loaded = 0
  }

  public let initialState = State()
  public let runtime = ReactorRuntime<PublisherEffectReactor>()

  public init() {}

  public func mutate(action: Action) -> Effect<Mutation> {
    .publisher(Just(.loaded))
  }

  public func reduce(state: inout State, mutation: Mutation) {
    state.loaded += 1
  }
}
