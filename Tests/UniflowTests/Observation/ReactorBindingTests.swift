import Testing
import Uniflow

/// The rules of the two-way binding a SwiftUI control gets from a reactor, checked where
/// they live: in the platform-neutral `ReactorBinding`.
@MainActor
@Suite struct ReactorBindingTests {
  final class SearchReactor: Reactor {
    enum Action: Sendable, Equatable { case setQuery(String) }
    struct State { var query = "" }
    let initialState = State()
    let runtime = ReactorRuntime<SearchReactor>()
    private(set) var received: [Action] = []

    func mutate(action: Action) -> Effect<Action> {
      received.append(action)
      return .just(action)
    }

    func reduce(state: inout State, mutation: Action) {
      // The reducer tidies what the control wrote: the control shows the tidy value.
      guard case .setQuery(let query) = mutation else { return }
      state.query = query.trimmingCharacters(in: .whitespaces)
    }
  }

  @Test func readingGivesTheStatesValue() {
    let reactor = SearchReactor()
    let query = reactor.binding(\.query, send: SearchReactor.Action.setQuery)
    reactor.send(.setQuery("swift"))
    #expect(query.value == "swift")
  }

  @Test func writingANewValueSendsTheAction() {
    let reactor = SearchReactor()
    let query = reactor.binding(\.query, send: SearchReactor.Action.setQuery)
    query.value = "swift"
    #expect(reactor.received == [.setQuery("swift")])
    #expect(reactor.currentState.query == "swift")
  }

  @Test func writingBackWhatTheStateEchoedSendsNothing() {
    let reactor = SearchReactor()
    let query = reactor.binding(\.query, send: SearchReactor.Action.setQuery)
    query.value = "swift"
    // A control writes back the value it was just given: no action, no loop.
    query.value = query.value
    query.value = "swift"
    #expect(reactor.received == [.setQuery("swift")])
  }

  @Test func aValueTheReducerTidiesIsWhatTheControlShowsAndWritingItAgainSendsNothing() {
    let reactor = SearchReactor()
    let query = reactor.binding(\.query, send: SearchReactor.Action.setQuery)
    query.value = "  swift "
    #expect(query.value == "swift")
    query.value = "swift"
    #expect(reactor.received == [.setQuery("  swift ")])
  }

  @Test func aStubbedReactorRecordsTheActionAndTheControlKeepsTheStubsValue() {
    let reactor = SearchReactor()
    reactor.isStubEnabled = true
    let query = reactor.binding(\.query, send: SearchReactor.Action.setQuery)
    query.value = "swift"
    #expect(reactor.stub.actions == [.setQuery("swift")])
    #expect(query.value == "")
  }
}
