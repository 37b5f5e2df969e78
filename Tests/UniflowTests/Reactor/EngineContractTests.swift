import Foundation
import Testing
import UniflowTesting
import Uniflow

/// The engine contract of the Reactors in Depth article ("The contract"), one test (or a
/// few) per line.
@MainActor
@Suite struct EngineContractTests {
  // MARK: 1. One at a time, in order, none lost, none twice; off-main actions hop in order.

  /// Records which actions were reduced, to check order and count.
  final class LedgerReactor: Reactor {
    struct Action: Sendable { let thread: Int; let index: Int }
    struct State {
      var lastIndex = Array(repeating: -1, count: 8)
      var reduced = 0
      var outOfOrder = 0
    }
    let initialState = State()
    let runtime = ReactorRuntime<LedgerReactor>()

    func reduce(state: inout State, mutation: Action) {
      if mutation.index != state.lastIndex[mutation.thread] + 1 { state.outOfOrder += 1 }
      state.lastIndex[mutation.thread] = mutation.index
      state.reduced += 1
    }
  }

  @Test func actionsFromEightBackgroundThreadsAreEachReducedOnceInPerThreadOrder() async {
    let reactor = LedgerReactor()
    let relays = (0..<8).map { _ in PublishRelay<LedgerReactor.Action>() }
    for relay in relays { relay.subscribe(reactor.action) }

    let sendingDone = Recorder<Void>()
    DispatchQueue.global().async {
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        for index in 0..<10_000 {
          relays[thread].accept(.init(thread: thread, index: index))
        }
      }
      sendingDone.append(())
    }
    await eventually(timeout: 30) {
      (sendingDone.count > 0) && reactor.currentState.reduced >= 80_000
    }
    #expect(reactor.currentState.reduced == 80_000)
    #expect(reactor.currentState.outOfOrder == 0)
    #expect(reactor.currentState.lastIndex == Array(repeating: 9_999, count: 8))
  }

  @Test func actionsSentOnTheMainActorAreHandledInOrder() {
    let reactor = LedgerReactor()
    for index in 0..<100 { reactor.send(.init(thread: 0, index: index)) }
    #expect(reactor.currentState.reduced == 100)
    #expect(reactor.currentState.outOfOrder == 0)
  }

  // MARK: 2. Re-entrant actions are queued, not recursed.

  final class LoggingReactor: Reactor {
    enum Action: Sendable { case first, second, third }
    struct State { var log: [String] = [] }
    let initialState = State()
    let runtime = ReactorRuntime<LoggingReactor>()

    func mutate(action: Action) -> Effect<Action> {
      if action == .first { send(.second) }
      return .just(action)
    }

    func reduce(state: inout State, mutation: Action) {
      state.log.append("\(mutation)")
    }
  }

  @Test func anActionSentFromMutateRunsAfterTheCurrentOne() {
    let reactor = LoggingReactor()
    var seen: [[String]] = []
    let cancellable = reactor.state.map(\.log).sink { seen.append($0) }
    reactor.send(.first)
    #expect(reactor.currentState.log == ["first", "second"])
    #expect(seen == [[], ["first"], ["first", "second"]])
    cancellable.cancel()
  }

  @Test func anActionSentByAnObserverRunsAfterEveryObserverHasSeenTheState() {
    let reactor = CounterReactor()
    var first: [Int] = []
    var second: [Int] = []
    let a = reactor.state.map(\.count).sink { count in
      first.append(count)
      if count == 1 { reactor.send(.increase) }
    }
    let b = reactor.state.map(\.count).sink { second.append($0) }
    reactor.send(.increase)
    #expect(first == [0, 1, 2])
    #expect(second == [0, 1, 2])
    _ = (a, b)
  }

  // MARK: 3. Actions sent before anyone subscribes are not dropped.

  @Test func actionsSentBeforeTheFirstSubscriptionAreApplied() {
    let reactor = CounterReactor()
    reactor.send(.increase)
    reactor.send(.increase)
    var seen: [Int] = []
    let cancellable = reactor.state.map(\.count).sink { seen.append($0) }
    #expect(seen == [2])
    cancellable.cancel()
  }

  // MARK: 4. Every observer sees every state in order, starting with the current one.

  @Test func everyObserverSeesEveryStateInOrder() {
    let reactor = CounterReactor()
    var seen = Array(repeating: [Int](), count: 5)
    let bag = CancelBag()
    for index in 0..<5 {
      reactor.state.map(\.count).sink { seen[index].append($0) }.disposed(by: bag)
    }
    for _ in 0..<3 { reactor.send(.increase) }
    #expect(seen.allSatisfy { $0 == [0, 1, 2, 3] })
  }

  // MARK: 5. Released reactors end their effects and free their memory.

  final class SlowReactor: Reactor {
    enum Action: Sendable { case start, startPublisher }
    enum Mutation: Sendable { case finished }
    struct State { var finished = false }
    let initialState = State()
    let runtime = ReactorRuntime<SlowReactor>()
    let cancelled = Recorder<Void>()
    let source = PublishRelay<Mutation>()

    func mutate(action: Action) -> Effect<Mutation> {
      switch action {
      case .start:
        let cancelled = self.cancelled
        return .run { send in
          do {
            try await Task.sleep(nanoseconds: 10_000_000_000)
            send(.finished)
          } catch {
            cancelled.append(())
          }
        }
      case .startPublisher:
        let cancelled = self.cancelled
        return .publisher(source.handleEvents(receiveCancel: { cancelled.append(()) }))
      }
    }

    func reduce(state: inout State, mutation: Mutation) { state.finished = true }
  }

  @Test func aReleasedReactorIsFreedAtOnceAndItsTaskIsCancelled() async {
    weak var weakReactor: SlowReactor?
    var cancelled: Recorder<Void>?
    do {
      let reactor = SlowReactor()
      let cancellable = reactor.state.sink { _ in }
      reactor.send(.start)
      #expect(reactor.runtime.runningEffectCount == 1)
      weakReactor = reactor
      cancelled = reactor.cancelled
      cancellable.cancel()
    }
    #expect(weakReactor == nil)
    await eventually { (cancelled?.count ?? 0) > 0 }
  }

  @Test func aReleasedReactorCancelsItsPublisherEffects() {
    weak var weakReactor: SlowReactor?
    let source: PublishRelay<SlowReactor.Mutation>
    let cancelled: Recorder<Void>
    do {
      let reactor = SlowReactor()
      reactor.send(.startPublisher)
      source = reactor.source
      cancelled = reactor.cancelled
      weakReactor = reactor
    }
    #expect(weakReactor == nil)
    #expect((cancelled.count > 0))
    source.accept(.finished)
  }

  @Test func aStateSubscriberDoesNotKeepTheReactorAlive() {
    weak var weakReactor: CounterReactor?
    var cancellable: AnyCancellable?
    do {
      let reactor = CounterReactor()
      cancellable = reactor.state.sink { _ in }
      reactor.send(.increase)
      weakReactor = reactor
    }
    #expect(weakReactor == nil)
    cancellable?.cancel()
  }

  // MARK: 6. An effect's error never ends the action or state streams.

  final class FailingReactor: Reactor {
    enum Action: Sendable { case loadPublisher, loadTask, loadSilently, increase }
    enum Mutation: Sendable { case failed(String), increase }
    struct State { var errors: [String] = []; var count = 0 }
    struct Broken: Error {}
    let initialState = State()
    let runtime = ReactorRuntime<FailingReactor>()

    func mutate(action: Action) -> Effect<Mutation> {
      switch action {
      case .loadPublisher:
        .publisher(Fail<Mutation, Broken>(error: Broken())) { _ in .failed("publisher") }
      case .loadTask:
        .run { _ in
          throw Broken()
        } catch: { _ in
          .failed("task")
        }
      case .loadSilently:
        .publisher(Fail<Mutation, Broken>(error: Broken())) { _ in nil }
      case .increase:
        .just(.increase)
      }
    }

    func reduce(state: inout State, mutation: Mutation) {
      switch mutation {
      case .failed(let source): state.errors.append(source)
      case .increase: state.count += 1
      }
    }
  }

  @Test func aFailingEffectBecomesAnErrorMutationOrNothingAndTheReactorGoesOn() async {
    let reactor = FailingReactor()
    var states = 0
    let cancellable = reactor.state.sink { _ in states += 1 }
    reactor.send(.loadPublisher)
    reactor.send(.loadSilently)
    reactor.send(.loadTask)
    await eventually { reactor.currentState.errors.count == 2 }
    reactor.send(.increase)
    #expect(reactor.currentState.errors == ["publisher", "task"])
    #expect(reactor.currentState.count == 1)
    #expect(states == 4)
    cancellable.cancel()
  }

  // MARK: 7. The transform hooks work as in ReactorKit.

  final class TransformingReactor: Reactor {
    enum Action: Sendable { case increase, external(Int) }
    enum Mutation: Sendable { case add(Int) }
    struct State: Equatable { var total = 0 }
    let initialState = State()
    let runtime = ReactorRuntime<TransformingReactor>()
    let externalActions = PublishRelay<Action>()
    let globalEvents = PublishRelay<Int>()
    var loggedStates: [Int] = []

    func mutate(action: Action) -> Effect<Mutation> {
      switch action {
      case .increase: .just(.add(1))
      case .external(let amount): .just(.add(amount))
      }
    }

    func reduce(state: inout State, mutation: Mutation) {
      if case .add(let amount) = mutation { state.total += amount }
    }

    func transform(action: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never> {
      action.merge(with: externalActions).eraseToAnyPublisher()
    }

    func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never> {
      mutation.merge(with: globalEvents.map { Mutation.add($0 * 100) }).eraseToAnyPublisher()
    }

    func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never> {
      state.handleEvents(receiveOutput: { [weak self] state in
        MainActor.assumeIsolated { self?.loggedStates.append(state.total) }
      }).eraseToAnyPublisher()
    }
  }

  @Test func theThreeTransformHooksShapeActionsMutationsAndStates() {
    let reactor = TransformingReactor()
    var seen: [Int] = []
    let cancellable = reactor.state.map(\.total).sink { seen.append($0) }
    reactor.send(.increase)
    reactor.externalActions.accept(.external(10))
    reactor.globalEvents.accept(2)
    #expect(reactor.currentState.total == 211)
    #expect(seen == [0, 1, 11, 211])
    #expect(reactor.loggedStates == [0, 1, 11, 211])
    cancellable.cancel()
  }

  @Test func everyReactorOfATypeGetsItsHooksNotOnlyTheFirst() {
    for _ in 0..<3 {
      let reactor = TransformingReactor()
      // Like ReactorKit, the hooks are subscribed when the reactor is first used.
      #expect(reactor.currentState.total == 0)
      reactor.globalEvents.accept(1)
      reactor.externalActions.accept(.external(2))
      #expect(reactor.currentState.total == 102)
    }
    for _ in 0..<2 {
      let plain = CounterReactor()
      plain.send(.increase)
      #expect(plain.currentState.count == 1)
    }
  }

  @Test func globalEventsFromABackgroundThreadArriveOnTheMainActor() async {
    let reactor = TransformingReactor()
    reactor.send(.increase)
    let events = reactor.globalEvents
    DispatchQueue.global().async { events.accept(1) }
    await eventually { reactor.currentState.total == 101 }
  }

  final class StateMappingReactor: Reactor {
    enum Action: Sendable { case increase }
    struct State { var count = 0 }
    let initialState = State()
    let runtime = ReactorRuntime<StateMappingReactor>()
    func reduce(state: inout State, mutation: Action) { state.count += 1 }
    func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never> {
      state.map { State(count: $0.count * 10 + 1) }.eraseToAnyPublisher()
    }
  }

  @Test func aTransformedStateIsWhatObserversAndCurrentStateSee() {
    let reactor = StateMappingReactor()
    var seen: [Int] = []
    let cancellable = reactor.state.map(\.count).sink { seen.append($0) }
    reactor.send(.increase)
    reactor.send(.increase)
    #expect(seen == [1, 11, 21])
    #expect(reactor.currentState.count == 21)
    cancellable.cancel()
  }
}
