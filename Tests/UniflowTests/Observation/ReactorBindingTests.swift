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

  // MARK: Text a user or a pasteboard can send

  @Test(arguments: [
    "❤️👩‍👩‍👧", "e\u{301}\u{302}\u{303}", "\u{1B}[2J\u{1B}]0;pwned\u{7}", "\u{9B}31m",
    String(repeating: "a", count: 1 << 20),
  ])
  func anyTextReachesTheStateUnchangedAndIsSentOnce(text: String) {
    let reactor = SearchReactor()
    let query = reactor.binding(\.query, send: SearchReactor.Action.setQuery)
    query.value = text
    query.value = text
    #expect(reactor.received == [.setQuery(text)])
    #expect(query.value.unicodeScalars.elementsEqual(text.unicodeScalars))
  }

  @Test func aCanonicallyEqualSpellingIsTheSameValueAndSendsNothing() {
    let reactor = SearchReactor()
    let query = reactor.binding(\.query, send: SearchReactor.Action.setQuery)
    query.value = "caf\u{E9}"
    // Swift compares strings by canonical equivalence: "é" composed and "e" + U+0301 are
    // the same value, so a control that writes the other spelling sends nothing.
    query.value = "cafe\u{301}"
    #expect(reactor.received == [.setQuery("caf\u{E9}")])
    #expect(query.value.unicodeScalars.last == "\u{E9}")
  }
}
