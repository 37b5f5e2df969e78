import Testing
import Uniflow
import UniflowTesting

/// ReactorKit's search, as its example writes it: a new query ends the search still
/// running through `prefix(untilOutputFrom: action.filter(…))` (RxSwift's `takeUntil`).
@MainActor
private final class SearchReactor: Reactor {
  enum Action { case query(String), more }
  enum Mutation: Equatable { case setResults([String]), setLoading(Bool) }
  struct State: Equatable {
    var results: [String] = []
    var isLoading = false
  }

  let initialState = State()
  let runtime = ReactorRuntime<SearchReactor>()
  /// Each search's answers, which the test sends, by query ("more" for the next page).
  var answers: [String: PassthroughSubject<[String], Never>] = [:]

  func mutate(action: Action) -> Effect<Mutation> {
    let key: String
    switch action {
    case .query(let text): key = text
    case .more: key = "more"
    }
    let answer = PassthroughSubject<[String], Never>()
    answers[key] = answer
    let search = Effect.publisher(
      answer.prefix(untilOutputFrom: self.action.filter(Self.isQuery)).map(Mutation.setResults))
    switch action {
    case .query: return search
    case .more: return .concat([.just(.setLoading(true)), search, .just(.setLoading(false))])
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setResults(let results): state.results = results
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
  }

  static func isQuery(_ action: Action) -> Bool {
    if case .query = action { return true }
    return false
  }
}

/// The search with a `transform(action:)` hook that drops empty queries: `action.filter`
/// sees the actions as they are sent, before the hook, as ReactorKit's `self.action` did.
@MainActor
private final class HookedSearchReactor: Reactor {
  typealias Action = SearchReactor.Action
  typealias Mutation = SearchReactor.Mutation
  typealias State = SearchReactor.State

  let initialState = State()
  let runtime = ReactorRuntime<HookedSearchReactor>()
  var answers: [String: PassthroughSubject<[String], Never>] = [:]

  func transform(action: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never> {
    action.filter { action in
      if case .query("") = action { return false }
      return true
    }.eraseToAnyPublisher()
  }

  func mutate(action: Action) -> Effect<Mutation> {
    guard case .query(let text) = action else { return .none }
    let answer = PassthroughSubject<[String], Never>()
    answers[text] = answer
    return .publisher(
      answer.prefix(untilOutputFrom: self.action.filter(SearchReactor.isQuery))
        .map(Mutation.setResults))
  }

  func reduce(state: inout State, mutation: Mutation) {
    if case .setResults(let results) = mutation { state.results = results }
  }
}

@MainActor
@Suite struct ActionFilterTests {
  @Test func withATransformHookTheFilterSeesEachActionAsSentAndTheHookStillRuns() {
    let reactor = HookedSearchReactor()
    reactor.send(.query("a"))
    reactor.send(.query(""))
    #expect(reactor.answers[""] == nil, "the hook dropped the empty query")
    reactor.answers["a"]?.send(["old"])
    #expect(reactor.currentState.results.isEmpty, "the empty query, as sent, ended the search")
    reactor.send(.query("b"))
    reactor.answers["b"]?.send(["new"])
    #expect(reactor.currentState.results == ["new"])
  }

  @Test func aNewQueryEndsTheSearchStillRunningAndNotItsOwn() {
    let reactor = SearchReactor()
    reactor.send(.query("sw"))
    reactor.send(.query("swift"))
    reactor.answers["sw"]?.send(["old"])
    #expect(reactor.currentState.results.isEmpty, "the first search ended with the second query")
    reactor.answers["swift"]?.send(["apple/swift"])
    #expect(reactor.currentState.results == ["apple/swift"])
  }

  @Test func anEffectEndedSoLetsTheRestOfItsConcatRun() {
    let reactor = SearchReactor()
    reactor.send(.more)
    #expect(reactor.currentState.isLoading)
    reactor.send(.query("rx"))
    #expect(!reactor.currentState.isLoading, "the page ended, and its loading with it")
    reactor.answers["more"]?.send(["late"])
    #expect(reactor.currentState.results.isEmpty)
  }

  @Test func anActionTheFilterRejectsEndsNothing() {
    let reactor = SearchReactor()
    reactor.send(.query("a"))
    reactor.send(.more)
    reactor.answers["a"]?.send(["still"])
    #expect(reactor.currentState.results == ["still"])
  }

  @Test func theTestersReactorEndsItsSearchTheSameWay() async {
    let tester = ReactorTester { SearchReactor() }
    tester.send(.query("a"))
    tester.send(.query("b"))
    tester.reactor.answers["a"]?.send(["old"])
    tester.reactor.answers["b"]?.send(["new"])
    await tester.receive(.setResults(["new"])) { $0.results = ["new"] }
    tester.reactor.answers["b"]?.send(completion: .finished)
    await tester.finish()
  }

  @Test func afterAFilterAReceiveWithNothingInFlightStillFailsAtOnce() async {
    // The filter sends actions the way a hook does, but is no hook: nothing can arrive
    // without an action once its search has ended. A minute's timeout: a wait would say so.
    await withKnownIssue {
      let tester = ReactorTester(timeout: 60) { SearchReactor() }
      tester.send(.query("a"))
      tester.reactor.answers["a"]?.send(completion: .finished)
      await tester.receive(.setResults(["never"]))
      await tester.finish()
    } matching: { issue in
      let text = "\(issue)" + issue.comments.map(\.rawValue).joined()
      return text.contains("Nothing the tester counts is in flight") && !text.contains("Waited")
    }
  }

  @Test func anActionInputKeptElsewhereLetsTheRuntimeGoWithItsReactor() {
    // The runtime must go on the main actor, with its reactor (its effects are cancelled
    // there): an input a background closure keeps must not hold it.
    weak var runtime: ReactorRuntime<SearchReactor>?
    var input: ActionInput<SearchReactor>?
    do {
      let reactor = SearchReactor()
      runtime = reactor.runtime
      input = reactor.action
      reactor.send(.more)
    }
    #expect(runtime == nil)
    input?.send(.query("after"))
    let ended = Seen(input!.filter { _ in true })
    #expect(ended.values.isEmpty, "a reactor that is gone receives nothing more")
  }
}
