import Testing
import Uniflow

/// The runtime holds the state in one of three stages: before the reactor's first use, ready,
/// and out in `reduce`'s hands while `reduce` changes it. These tests hold it to what the
/// stages promise: `reduce` changes the only copy, and reading the state from inside
/// `reduce` stops the app with a message that says what to read instead.
@MainActor
@Suite struct RuntimeStageTests {
  @Test func reduceChangesTheOnlyCopyOfTheState() {
    let reactor = UniqueStateReactor()
    reactor.send(.touch)
    reactor.send(.touch)
    // A copy kept by the runtime while `reduce` runs would make each change copy the state's
    // storage (its arrays, its strings) first.
    #expect(reactor.currentState.uniqueDuringReduce == [true, true])
  }

  @Test func theInitialStateIsReadOnceOnTheFirstUse() {
    let reactor = UniqueStateReactor()
    #expect(UniqueStateReactor.initialStateReads(of: reactor) == 0)
    _ = reactor.currentState
    reactor.send(.touch)
    _ = reactor.currentState
    #expect(UniqueStateReactor.initialStateReads(of: reactor) == 1)
  }

  @Test func readingTheStateInsideReduceStopsTheAppSayingWhatToRead() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await SelfReadingReactor.tap()
    }.map { exit in
      let said = String(decoding: exit.standardErrorContent, as: UTF8.self)
      #expect(
        said.contains("SelfReadingReactor's state was read while its `reduce` was changing it"))
      #expect(said.contains("read the `state` it is given, not `currentState`"))
    }
  }
}

/// A reference whose uniqueness `reduce` can ask about.
private final class Token {}

/// Records, on each `reduce`, whether the state's storage was referenced only once.
@MainActor
private final class UniqueStateReactor: Reactor {
  enum Action { case touch }
  struct State {
    fileprivate var token = Token()
    var uniqueDuringReduce: [Bool] = []
  }

  private var reads = 0
  var initialState: State {
    reads += 1
    return State()
  }
  let runtime = ReactorRuntime<UniqueStateReactor>()

  static func initialStateReads(of reactor: UniqueStateReactor) -> Int { reactor.reads }

  func reduce(state: inout State, mutation: Action) {
    state.uniqueDuringReduce.append(isKnownUniquelyReferenced(&state.token))
  }
}

/// Reads its own `currentState` inside `reduce`: a mistake the runtime stops.
@MainActor
private final class SelfReadingReactor: Reactor {
  enum Action { case tap }
  struct State { var taps = 0 }

  let initialState = State()
  let runtime = ReactorRuntime<SelfReadingReactor>()

  func reduce(state: inout State, mutation: Action) {
    state.taps = currentState.taps + 1
  }

  static func tap() {
    SelfReadingReactor().send(.tap)
  }
}
