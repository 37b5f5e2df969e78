import CounterCore
import Testing
import Uniflow

struct NoValue: CounterStore {
  func load() async -> Int { 0 }
}

/// Tests that run the reactor and check nothing it does: what a port can leave behind.
@MainActor
@Suite struct HollowCounterTests {
  @Test func increasing() {
    let reactor = CounterReactor(store: NoValue())
    // The subscription is dropped at once: the expectation never runs.
    _ = reactor.state.dropFirst().sink { state in #expect(state.count == 1) }
    reactor.action.send(.increase)
  }

  @Test func decreasingAndResetting() {
    let reactor = CounterReactor(store: NoValue())
    reactor.action.send(.decrease)
    reactor.action.send(.reset)
  }

  @Test func loading() {
    let reactor = CounterReactor(store: NoValue())
    reactor.action.send(.load)
  }

  @Test func startsAtZero() {
    #expect(CounterReactor(store: NoValue()).currentState.count == 0)
  }
}
