import Testing

@testable import UniflowMutate

/// Each operator finds its places and states the change it makes.
@Suite struct OperatorTests {
  /// The mutants of `source`, as "operator: replacement".
  func changes(_ source: String) -> [String] {
    SiteFinder.sites(in: source, file: "Sources/App/Screen.swift").map {
      "\($0.mutant.mutationOperator.rawValue): \($0.mutant.replacement)"
    }
  }

  @Test(arguments: [
    ("let a = b < c", "relational: b <= c"),
    ("let a = b >= c", "relational: b > c"),
    ("let a = b == c", "relational: b != c"),
    ("let a = b && c", "logical: b || c"),
    ("let a = b + c", "arithmetic: b - c"),
    ("let a = b * c", "arithmetic: b / c"),
    ("let a = true", "booleanLiteral: false"),
    ("let a = b ? c : d", "swappedTernary: b ? d : c"),
    ("func f() { if ready { go() } }", "negatedCondition: !(ready)"),
    ("func f() { start(); finish() }", "removedCall: "),
  ])
  func theUsualOperatorsStateTheirChange(source: String, expected: String) {
    #expect(changes(source).contains(expected))
  }

  @Test func textIsNeverSubtracted() {
    #expect(!changes(#"let a = "x" + b"#).contains { $0.hasPrefix("arithmetic") })
  }

  @Test func anInitialiserDelegatingToAnotherKeepsTheCall() {
    #expect(changes("convenience init(a: Int) { self.init(b: a); setUp() }") == ["removedCall: "])
  }

  @Test func loggingAndAssertionsStay() {
    #expect(
      changes("func f() { print(1); assert(true); go() }").filter { $0.hasPrefix("removedCall") }
        .count == 1)
  }

  @Test func aReducersCaseChangesNothingAndEachAssignmentToTheStateGoes() {
    let source = """
      final class R {
        func reduce(state: inout State, mutation: Mutation) {
          switch mutation {
          case .set(let value):
            state.count = value
          case .clear:
            break
          }
        }
      }
      """
    let found = changes(source)
    #expect(found.contains("reduceCaseUnchanged: break"))
    #expect(found.contains("removedStateAssignment: "))
    // `.clear` changes nothing already: it has no such mutant.
    #expect(found.filter { $0.hasPrefix("reduceCaseUnchanged") }.count == 1)
  }

  @Test func aReturningReducersCaseReturnsTheStateItWasGiven() {
    let source = """
      func reduce(state: State, mutation: Mutation) -> State {
        switch mutation {
        case .set(let value):
          return State(count: value)
        }
      }
      """
    #expect(changes(source).contains("reduceCaseUnchanged: return state"))
  }

  @Test func aMutateCaseReturnsNone() {
    let source = """
      func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .load: return .just(.loaded)
        case .idle: return .none
        }
      }
      """
    #expect(
      changes(source).filter { $0 == "mutateCaseNone: return Effect<Mutation>.none" }.count == 1)
  }

  @Test func onlyTheSwitchOverTheActionIsMutatesOwn() {
    let source = """
      func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .save:
          let save = switch mode {
          case .new: service.create()
          case .edit: service.update()
          }
          return .publisher(save)
        }
      }
      """
    #expect(changes(source).filter { $0.hasPrefix("mutateCaseNone") }.count == 1)
  }

  @Test func effectsAndOperatorsKnownToTheArchitecture() {
    let source = """
      func mutate(action: Action) -> Effect<Mutation> {
        let a = Effect.concat(.just(.a), .just(.b))
        let b = load.cancellable(id: "load")
        let c = load.cancellable(id: "load", cancelInFlight: true)
        let d = Effect<Mutation>.cancel(id: "load")
        let e = NavigationAction.push(.detail)
        let f = text.removeDuplicates()
        let g = text.debounce(for: .milliseconds(300), scheduler: queue)
        return .merge(a, b, c, d)
      }
      """
    let found = changes(source)
    #expect(found.contains("swappedConcat: Effect.concat(.just(.b), .just(.a))"))
    #expect(found.contains("removedCancellable: load"))
    #expect(found.contains("flippedCancelInFlight: , cancelInFlight: true"))
    #expect(found.contains("flippedCancelInFlight: !(true)"))
    #expect(found.contains("removedCancel: Effect<Mutation>.none"))
    #expect(found.contains("removedRemoveDuplicates: "))
    #expect(found.contains("zeroedInterval: .zero"))
    // `NavigationAction.push` has a base: only an implicit `.push(…)` is a flow's.
    #expect(!found.contains { $0.hasPrefix("swappedNavigation") })
    #expect(
      changes("let a = State.Action.navigation(.push(.detail))").contains(
        "swappedNavigation: .present(.detail)"))
  }

  @Test func relaysSubjectsPublishedPropertiesPopsAndReportsAreRemoved() {
    let source = """
      final class ViewModel {
        @Published var title = ""
        @Published var transitionItem: Item?
        func load() {
          relay.accept(1)
          subject.send(2)
          title = "Done"
          transitionItem = .detail
          flow.send(.navigation(.pop))
          other = 3
        }
      }
      """
    let found = changes(source)
    #expect(found.filter { $0 == "removedSend: " }.count == 2)
    #expect(found.contains("removedPublishedAssignment: "))
    #expect(found.contains("removedTransitionReport: "))
    #expect(found.contains("removedPop: "))
    // `other` is not published: its assignment is no operator's.
    #expect(found.filter { $0.hasPrefix("removed") }.count == 5)
  }

  @Test func aSwitchReadAsAClosuresValueKeepsItsCases() {
    let source = """
      let map = { item in
        switch item {
        case .creator(let id): .navigation(.push(.creator(id)))
        }
      }
      """
    #expect(!changes(source).contains { $0.hasPrefix("removedCall") })
  }

  @Test func aGettersOnlyStatementStays() {
    #expect(changes("var a: Int? { compute() }").isEmpty)
    #expect(changes("var a: Int? { get { compute() } }").isEmpty)
  }

  @Test func aClosuresOneStatementGoesOnlyWhenItIsASend() {
    #expect(changes("let s = p.sink { relay.accept($0) }").contains("removedSend: "))
    #expect(!changes("let s = p.map { compute($0) }").contains { $0.hasPrefix("removedCall") })
  }

  @Test func attributesAndConditionsOfCompilationAreLeftAlone() {
    let source = """
      #if DEBUG && os(Linux)
      @available(*, deprecated, message: "x")
      func f() {}
      #endif
      enum E: Int { case a = 1 }
      """
    #expect(changes(source).isEmpty)
  }

  /// Where code cannot change is counted on the way in and out of each node: the code after
  /// such a place (a condition of compilation that is a literal, a call or an operator, an
  /// attribute, a pattern) changes again.
  @Test func codeAfterAPlaceThatCannotChangeChangesAgain() {
    let source = """
      #if true
      let a = b < c
      #endif
      #if os(Linux) || DEBUG
      @available(*, deprecated, message: "x")
      func f() { if case .some(true) = g() {} }
      #endif
      enum E: Int { case a = 1 }
      let d = e < f
      """
    #expect(changes(source) == ["relational: b <= c", "relational: e <= f"])
  }

  @Test func aMutantNamesItsScreenAndPlace() throws {
    let site = try #require(
      SiteFinder.sites(in: "struct Feed {\n  var a = 1 < 2\n}\n", file: "Sources/A/Feed.swift")
        .first)
    #expect(site.mutant.screen == "Feed")
    #expect(site.mutant.place == "Sources/A/Feed.swift:2:11")
    #expect(site.mutant.original == "1 < 2")
  }
}
