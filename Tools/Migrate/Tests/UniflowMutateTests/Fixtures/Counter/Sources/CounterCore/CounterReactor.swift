import Uniflow

/// Where a counter's saved value comes from.
public protocol CounterStore: Sendable {
  func load() async -> Int
}

/// A counter that never goes under zero, with a limit, and a saved value to load.
public final class CounterReactor: Reactor {
  public enum Action: Equatable, Sendable {
    case increase
    case decrease
    case reset
    case load
  }

  public enum Mutation: Equatable, Sendable {
    case change(by: Int)
    case set(Int)
    case setLoading(Bool)
  }

  public struct State: Equatable, Sendable {
    public var count = 0
    public var isLoading = false
    public var isAtLimit = false
    public init() {}
  }

  public let initialState = State()
  public let runtime = ReactorRuntime<CounterReactor>()
  let store: any CounterStore
  let limit: Int

  public init(store: any CounterStore, limit: Int = 3) {
    self.store = store
    self.limit = limit
  }

  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increase:
      guard currentState.count < limit else { return .none }
      return .just(.change(by: 1))
    case .decrease:
      guard currentState.count > 0 else { return .none }
      return .just(.change(by: -1))
    case .reset:
      return .just(.set(0))
    case .load:
      let store = self.store
      return .concat(
        .just(.setLoading(true)),
        .run { send in await send(.set(await store.load())) },
        .just(.setLoading(false))
      )
    }
  }

  public func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .change(let amount):
      state.count += amount
    case .set(let value):
      state.count = value
    case .setLoading(let loading):
      state.isLoading = loading
    }
    state.isAtLimit = state.count >= limit
  }
}
