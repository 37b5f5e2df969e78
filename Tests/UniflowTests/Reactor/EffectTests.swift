import Foundation
import Testing
import UniflowTesting
import Uniflow

@MainActor
@Suite struct EffectTests {
  /// A reactor whose actions each return one kind of effect; reduce appends to a log.
  final class EffectReactor: Reactor {
    enum Action: Sendable {
      case literal, concat, merge, search(String), cancelSearch, background(Int), runMany
      case searchBetweenLogs
    }
    enum Mutation: Sendable, Equatable { case log(String) }
    struct State { var log: [String] = [] }

    let initialState = State()
    let runtime = ReactorRuntime<EffectReactor>()
    let replies = PublishRelay<String>()
    let slowGate = PublishRelay<Void>()

    func mutate(action: Action) -> Effect<Mutation> {
      switch action {
      case .literal:
        return [.log("a"), .log("b")]
      case .concat:
        return .concat(
          .just(.log("1")),
          .publisher(slowGate.first().map { Mutation.log("2") }),
          .just(.log("3"))
        )
      case .merge:
        return .merge(
          .publisher(slowGate.first().map { Mutation.log("slow") }),
          .just(.log("fast"))
        )
      case .search(let query):
        return .publisher(replies.filter { $0.hasPrefix(query) }.map { Mutation.log($0) })
          .cancellable(id: "search", cancelInFlight: true)
      case .cancelSearch:
        return .cancel(id: "search")
      case .searchBetweenLogs:
        return .concat(
          .just(.log("start")),
          .publisher(replies.map { Mutation.log($0) }).cancellable(id: "search"),
          .just(.log("end")))
      case .background(let count):
        return .publisher(
          (0..<count).publisher.map { Mutation.log("\($0)") }
            .subscribe(on: DispatchQueue.global()))
      case .runMany:
        return .run { send in
          for index in 0..<3 {
            await Task.yield()
            send(.log("run\(index)"))
          }
        }
      }
    }

    func reduce(state: inout State, mutation: Mutation) {
      if case .log(let entry) = mutation { state.log.append(entry) }
    }
  }

  @Test func anArrayLiteralAppliesEveryMutationRightAway() {
    let reactor = EffectReactor()
    reactor.send(.literal)
    #expect(reactor.currentState.log == ["a", "b"])
    #expect(reactor.runtime.runningEffectCount == 0)
  }

  @Test func concatStartsEachEffectWhenThePreviousOneFinishes() {
    let reactor = EffectReactor()
    reactor.send(.concat)
    #expect(reactor.currentState.log == ["1"])
    #expect(reactor.runtime.runningEffectCount == 1)
    reactor.slowGate.accept(())
    #expect(reactor.currentState.log == ["1", "2", "3"])
    #expect(reactor.runtime.runningEffectCount == 0)
  }

  @Test func mergeRunsEffectsSideBySide() {
    let reactor = EffectReactor()
    reactor.send(.merge)
    #expect(reactor.currentState.log == ["fast"])
    reactor.slowGate.accept(())
    #expect(reactor.currentState.log == ["fast", "slow"])
  }

  @Test func cancelInFlightKeepsOnlyTheLatestSearch() {
    let reactor = EffectReactor()
    reactor.send(.search("sw"))
    reactor.send(.search("swi"))
    #expect(reactor.runtime.runningEffectCount == 1)
    reactor.replies.accept("sw")
    reactor.replies.accept("swift")
    #expect(reactor.currentState.log == ["swift"])
  }

  @Test func aCancelledEffectStopsTheConcatAroundIt() {
    let reactor = EffectReactor()
    reactor.send(.searchBetweenLogs)
    reactor.send(.cancelSearch)
    reactor.replies.accept("late")
    #expect(reactor.currentState.log == ["start"], "neither the search's value nor what follows")
    #expect(reactor.runtime.runningEffectCount == 0)
  }

  @Test func cancelByIDStopsTheEffect() {
    let reactor = EffectReactor()
    reactor.send(.search("sw"))
    reactor.send(.cancelSearch)
    reactor.replies.accept("swift")
    #expect(reactor.currentState.log.isEmpty)
    #expect(reactor.runtime.runningEffectCount == 0)
  }

  @Test func mutationsFromABackgroundThreadArriveInOrder() async {
    let reactor = EffectReactor()
    reactor.send(.background(200))
    await eventually { reactor.currentState.log.count == 200 }
    #expect(reactor.currentState.log == (0..<200).map { "\($0)" })
  }

  @Test func aRunEffectSendsSeveralMutationsInOrder() async {
    let reactor = EffectReactor()
    reactor.send(.runMany)
    await eventually { reactor.currentState.log.count == 3 }
    #expect(reactor.currentState.log == ["run0", "run1", "run2"])
    await eventually { reactor.runtime.runningEffectCount == 0 }
  }
}
