import Testing
import Uniflow

@MainActor
@Suite struct ChangeLogTests {
  final class ShoppingReactor: Reactor {
    enum Action: Sendable { case add(String), clear, noop }
    enum Mutation: Sendable { case append(String), removeAll }
    struct State { var items: [String] = [] }
    let initialState = State()
    let runtime = ReactorRuntime<ShoppingReactor>()

    func mutate(action: Action) -> Effect<Mutation> {
      switch action {
      case .add(let item): .just(.append(item))
      case .clear: .just(.removeAll)
      case .noop: .none
      }
    }

    func reduce(state: inout State, mutation: Mutation) {
      switch mutation {
      case .append(let item): state.items.append(item)
      case .removeAll: state.items.removeAll()
      }
    }
  }

  @Test func eachActionItsMutationsAndTheStateDiffAreWritten() {
    let reactor = ShoppingReactor()
    var lines: [String] = []
    reactor.logChanges { lines.append($0) }
    reactor.send(.add("milk"))
    reactor.send(.noop)
    reactor.send(.clear)
    reactor.send(.clear)
    let log = lines.joined(separator: "\n")
    #expect(lines.first == "action ChangeLogTests.ShoppingReactor.Action.add(\"milk\")")
    #expect(log.contains("mutation ChangeLogTests.ShoppingReactor.Mutation.append(\"milk\")"))
    #expect(log.contains("+     [0]: \"milk\""))
    #expect(log.contains("action ChangeLogTests.ShoppingReactor.Action.noop"))
    #expect(log.contains("(state unchanged)"))
    #expect(lines.filter { $0.hasPrefix("action") }.count == 4)
  }

  @Test func turnedOffItWritesNothingMore() {
    let reactor = ShoppingReactor()
    var lines: [String] = []
    reactor.logChanges { lines.append($0) }
    reactor.send(.add("milk"))
    reactor.logChanges(nil)
    reactor.send(.add("bread"))
    #expect(lines.count == 2)
    #expect(reactor.currentState.items == ["milk", "bread"])
  }

  @Test func actionsThatWaitTheirTurnAreLoggedToo() {
    let reactor = ShoppingReactor()
    var lines: [String] = []
    reactor.logChanges { lines.append($0) }
    // An action sent by an observer waits for the current one, then goes through the queue.
    let cancellable = reactor.state.sink { state in
      if state.items == ["milk"] { reactor.send(.add("bread")) }
    }
    reactor.send(.add("milk"))
    #expect(lines.filter { $0.hasPrefix("action") }.count == 2)
    #expect(reactor.currentState.items == ["milk", "bread"])
    cancellable.cancel()
  }
}
