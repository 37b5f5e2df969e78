import Foundation
import Testing
@testable import Uniflow

/// ReactorKit's own test scenarios for its reactor, re-expressed against Uniflow where a
/// ported screen could behave differently.
@MainActor
@Suite struct ReactorKitScenarioTests {
  /// Each action's publisher emits one mutation per letter, built on the state that the
  /// previous mutation left.
  final class AppendingReactor: Reactor {
    enum Action: Sendable { case append([String]) }
    enum Mutation { case setLetters([String]) }
    struct State { var letters: [String] = [] }
    let initialState = State()
    let runtime = ReactorRuntime<AppendingReactor>()

    func mutate(action: Action) -> Effect<Mutation> {
      guard case .append(let letters) = action else { return .none }
      // Erased first: `Publishers.Sequence.map` would map the whole array right here.
      return .publisher(
        letters.publisher.eraseToAnyPublisher().map { [unowned self] letter in
          Mutation.setLetters(MainActor.assumeIsolated { self.currentState.letters } + [letter])
        })
    }

    func reduce(state: inout State, mutation: Mutation) {
      guard case .setLetters(let letters) = mutation else { return }
      state.letters = letters
    }
  }

  @Test func aMutationIsReducedAsSoonAsItsEffectEmitsIt() {
    let reactor = AppendingReactor()
    reactor.send(.append(["a", "b"]))
    reactor.send(.append(["c", "d"]))
    reactor.send(.append(["e", "f"]))
    #expect(reactor.currentState.letters == ["a", "b", "c", "d", "e", "f"])
  }

  final class StateMappingReactor: Reactor {
    enum Action: Sendable { case increase }
    struct State: Equatable { var count = 0 }
    let initialState = State()
    let runtime = ReactorRuntime<StateMappingReactor>()
    func reduce(state: inout State, mutation: Action) { state.count += 1 }
    func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never> {
      state.map { State(count: $0.count * 10 + 1) }.eraseToAnyPublisher()
    }
  }

  @Test func aStubbedReactorShowsTheStubsStateNotTheTransformedOne() {
    let reactor = StateMappingReactor()
    reactor.isStubEnabled = true
    var seen: [Int] = []
    let cancellable = reactor.state.map(\.count).sink { seen.append($0) }
    #expect(reactor.currentState.count == 0)
    reactor.stub.state.count = 5
    #expect(reactor.currentState.count == 5)
    #expect(seen == [0, 5])
    reactor.isStubEnabled = false
    reactor.send(.increase)
    #expect(reactor.currentState.count == 11)
    cancellable.cancel()
  }

  /// A reactor meant to be subclassed, generic over what it lists (ReactorKit #30).
  class ListReactor<Item: Sendable>: Reactor {
    enum Action: Sendable { case add(Item) }
    struct State { var items: [Item] = [] }
    let initialState = State()
    let runtime = ReactorRuntime<ListReactor>()

    func reduce(state: inout State, mutation: Action) {
      guard case .add(let item) = mutation else { return }
      state.items.append(item)
    }
  }

  final class ShoutingListReactor: ListReactor<String> {
    override func reduce(state: inout State, mutation: Action) {
      guard case .add(let name) = mutation else { return }
      super.reduce(state: &state, mutation: .add(name.uppercased()))
    }
  }

  @Test func aSubclassOfAGenericReactorUsesItsOwnOverrides() {
    let reactor = ShoutingListReactor()
    var seen: [[String]] = []
    let cancellable = reactor.state.map(\.items).sink { seen.append($0) }
    reactor.send(.add("ada"))
    let asBase: ListReactor<String> = reactor
    asBase.action.send(.add("grace"))
    #expect(reactor.currentState.items == ["ADA", "GRACE"])
    #expect(seen == [[], ["ADA"], ["ADA", "GRACE"]])
    let plain = ListReactor<Int>()
    plain.send(.add(1))
    #expect(plain.currentState.items == [1])
    cancellable.cancel()
  }

  /// ReactorKit's generic parent whose `Mutation` is not its `Action` (its
  /// `testGenericSubclassing`): in Uniflow it writes `mutate` and `reduce` itself, since
  /// neither has a default here (see the ReactorKit migration guide for why).
  class CountingParent<Tag>: Reactor {
    enum Action: Sendable { case foo }
    typealias Mutation = Void
    typealias State = Int
    let initialState: State = 0
    let runtime = ReactorRuntime<CountingParent>()

    func mutate(action: Action) -> Effect<Mutation> { .just(()) }
    func reduce(state: inout State, mutation: Mutation) { state += 1 }
  }

  final class CountingChild: CountingParent<String> {}

  @Test func aGenericParentsSubclassHasItsStateOnceAnActionIsSent() {
    let reactor = CountingChild()
    reactor.action.send(.foo)
    #expect(reactor.currentState == 1)
  }
}

/// `transform` overrides are recognised by what they do, per reactor, whatever they call.
@MainActor
@Suite struct TransformHookDetectionTests {
  /// Keeps all three default hooks.
  final class PlainReactor: Reactor {
    typealias Action = Int
    struct State { var total = 0 }
    let initialState = State()
    let runtime = ReactorRuntime<PlainReactor>()
    func reduce(state: inout State, mutation: Int) { state.total += mutation }
  }

  @Test func aReactorThatKeepsTheDefaultHooksBuildsNoPipelineAndItsTypeIsRemembered() {
    let first = PlainReactor()
    first.send(1)
    #expect(first.runtime.hooks == nil)
    #expect(DefaultHooks.known[ObjectIdentifier(PlainReactor.self)] == HookKind.all)
    // A later reactor of the type does not call the hooks: the runtime is never marked.
    let second = PlainReactor()
    second.send(2)
    #expect(second.runtime.hooks == nil)
    #expect(!second.runtime.ranDefaultHook)
    #expect(second.currentState.total == 2)
  }

  @Test func anOverriddenHookIsNeverRememberedAsADefault() {
    let merging = SometimesMergingReactor(mergesEvents: true)
    merging.send(1)
    let known = DefaultHooks.known[ObjectIdentifier(SometimesMergingReactor.self)] ?? 0
    #expect(known & HookKind.mutation.rawValue == 0)
    #expect(known & HookKind.action.rawValue != 0)
  }
  /// Keeps every default hook.
  final class EchoReactor: Reactor {
    typealias Action = Int
    struct State { var total = 0 }
    let initialState = State()
    let runtime = ReactorRuntime<EchoReactor>()
    func reduce(state: inout State, mutation: Int) { state.total += mutation }
  }

  /// Merges its events, then hands the stream to another reactor's default hook.
  final class ForwardingReactor: Reactor {
    typealias Action = Int
    struct State { var total = 0 }
    let initialState = State()
    let runtime = ReactorRuntime<ForwardingReactor>()
    let events = PublishRelay<Int>()
    let echo = EchoReactor()
    func reduce(state: inout State, mutation: Int) { state.total += mutation }
    func transform(mutation: AnyPublisher<Int, Never>) -> AnyPublisher<Int, Never> {
      echo.transform(mutation: mutation.merge(with: events).eraseToAnyPublisher())
    }
  }

  @Test func anOverrideThatForwardsToADefaultHookIsKept() {
    let reactor = ForwardingReactor()
    reactor.send(1)
    reactor.events.accept(100)
    #expect(reactor.currentState.total == 101)
  }

  /// Watches its actions and hands the same stream back.
  final class WatchingReactor: Reactor {
    typealias Action = Int
    struct State { var total = 0 }
    let initialState = State()
    let runtime = ReactorRuntime<WatchingReactor>()
    var watched: [Int] = []
    var bag = CancelBag()
    func reduce(state: inout State, mutation: Int) { state.total += mutation }
    func transform(action: AnyPublisher<Int, Never>) -> AnyPublisher<Int, Never> {
      action.sink { [weak self] value in MainActor.assumeIsolated { self?.watched.append(value) } }
        .store(in: bag)
      return action
    }
  }

  @Test func anOverrideThatObservesItsInputAndReturnsItStillSeesEveryAction() {
    let reactor = WatchingReactor()
    reactor.send(1)
    reactor.send(2)
    #expect(reactor.watched == [1, 2])
    #expect(reactor.currentState.total == 3)
  }

  /// Merges its events only when asked to, so two reactors of one type differ.
  final class SometimesMergingReactor: Reactor {
    typealias Action = Int
    struct State { var total = 0 }
    let initialState = State()
    let runtime = ReactorRuntime<SometimesMergingReactor>()
    let events = PublishRelay<Int>()
    let mergesEvents: Bool
    init(mergesEvents: Bool) { self.mergesEvents = mergesEvents }
    func reduce(state: inout State, mutation: Int) { state.total += mutation }
    func transform(mutation: AnyPublisher<Int, Never>) -> AnyPublisher<Int, Never> {
      mergesEvents ? mutation.merge(with: events).eraseToAnyPublisher() : mutation
    }
  }

  @Test func theVerdictIsPerReactorNotPerType() {
    let plain = SometimesMergingReactor(mergesEvents: false)
    plain.send(1)
    plain.events.accept(10)
    #expect(plain.currentState.total == 1)
    let merging = SometimesMergingReactor(mergesEvents: true)
    merging.send(1)
    merging.events.accept(10)
    #expect(merging.currentState.total == 11)
  }
}
