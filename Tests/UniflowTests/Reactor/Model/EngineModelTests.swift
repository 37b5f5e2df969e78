import Foundation
import PropertyBased
import Testing

@testable import Uniflow
@testable import UniflowTesting

/// Random programs run on the real reactor and on ``ReferenceReactor``; what every
/// observer saw, the final state, the stub's actions and the effects still running must
/// be the same.
///
/// A third of the programs' actions are sent from another thread, through `reactor.action`:
/// half of those are handed to the main actor as a tester does when it looks, half wait for
/// the hop. Either way the outcome must be the model's, which sends every action on the
/// main actor.
///
/// The test command runs 2,000 programs; `UNIFLOW_MODEL_PROGRAMS=100000` runs more.
@MainActor
@Suite struct EngineModelTests {
  static let programCount =
    ProcessInfo.processInfo.environment["UNIFLOW_MODEL_PROGRAMS"].flatMap(Int.init) ?? 2_000

  @Test func randomProgramsMatchTheReferenceModel() async {
    await propertyCheck(
      count: Self.programCount,
      input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...30), Gen.int(in: 0...2)
    ) { codes, wiringCode in
      let program = codes.map(ModelStep.init(code:))
      let wiring = ModelWiring.allCases[wiringCode]
      let expected = Self.runOnModel(program, wiring: wiring)
      let actual = await Self.runOnEngine(program, wiring: wiring)
      #expect(actual == expected, "program: \(program), wiring: \(wiring)")
    }
  }

  // What the model test found, each kept as a fixed program.

  /// Found by the first run of the model test: through a merging mutation hook, a
  /// mutation emitted from inside an observer is held by the merge until the delivery has
  /// returned, and is then reduced at once, ahead of an action that `reduce` sent. The
  /// model now states this rule; this program pins it.
  @Test func aMutationHeldByAMergingHookIsReducedBeforeTheActionsWaitingInLine() async {
    let program: [ModelStep] = [
      .observe(echo: (trigger: 1, then: .releaseLatestPublisher), combine: false),
      .send(.later([ModelMutation(value: 3)], id: 0, cancelInFlight: false)),
      .send(.just(ModelMutation(value: 1, sendsFromReduce: 101))),
    ]
    let withHooks = await Self.runOnEngine(program, wiring: .hooks)
    #expect(withHooks.finalState == [1, 3, 101])
    #expect(withHooks == Self.runOnModel(program, wiring: .hooks))
    // Without the merge, the mutation comes during the delivery and waits its turn; so
    // it does when the service's events are the reactor's declared global events.
    for wiring in [ModelWiring.plain, .globalEvents] {
      let withoutHooks = await Self.runOnEngine(program, wiring: wiring)
      #expect(withoutHooks.finalState == [1, 101, 3])
      #expect(withoutHooks == Self.runOnModel(program, wiring: wiring))
    }
  }

  /// The service's events reach a reactor that declares them as `globalEvents` from its
  /// first use, whether or not anything observes it, and in the order they were sent.
  @Test func globalEventsAreReducedFromTheReactorsFirstUseInOrder() async {
    let program: [ModelStep] = [
      .serviceEvent(1),  // before the first use: not seen, as in ReactorKit
      .send(.just(ModelMutation(value: 2))),
      .serviceEvent(3),
      .observe(echo: (trigger: 3, then: .serviceEvent(4)), combine: false),
      .serviceEvent(5),
    ]
    let outcome = await Self.runOnEngine(program, wiring: .globalEvents)
    #expect(outcome.finalState == [2, 3, 4, 5])
    #expect(outcome == Self.runOnModel(program, wiring: .globalEvents))
  }

  static func runOnModel(_ program: [ModelStep], wiring: ModelWiring) -> ModelOutcome {
    var model = ReferenceReactor(wiring: wiring)
    for step in program { model.run(step) }
    return model.outcome
  }

  static func runOnEngine(_ program: [ModelStep], wiring: ModelWiring) async -> ModelOutcome {
    let reactor = ModelledReactor(wiring: wiring)
    var observers: [(recorder: ObserverLog, cancellable: AnyCancellable)] = []
    var live = ReferenceReactor(wiring: wiring)
    for (index, step) in program.enumerated() {
      switch step {
      case .send(let action) where index % 3 == 1:
        let input = reactor.action
        await withCheckedContinuation { (sent: CheckedContinuation<Void, Never>) in
          DispatchQueue.global().async {
            input.send(action)
            sent.resume()
          }
        }
        if index % 2 == 0 {
          reactor.runtime.deliverActionsOnTheirWay()
        } else {
          var budget = WaitBudget(seconds: 5)
          while reactor.runtime.hasActionOnItsWay, !budget.isSpent() { await Task.yield() }
        }
      case .send(let action): reactor.send(action)
      case .release(let index):
        guard !reactor.started.isEmpty else { break }
        await reactor.started[index % reactor.started.count].release()
      case .observe(let echo, let combine):
        let log = ObserverLog(echo: echo)
        let receive: (ModelState) -> Void = { [weak reactor] state in
          guard let reactor, let then = log.see(state.log) else { return }
          switch then {
          case .send(let value): reactor.send(.just(ModelMutation(value: value)))
          case .serviceEvent(let value): reactor.service.accept(ModelMutation(value: value))
          case .releaseLatestPublisher: reactor.releaseLatestPublisher()
          }
        }
        let cancellable =
          combine
          ? reactor.state.map { $0 }.sink(receiveValue: receive)
          : reactor.state.sink(receiveValue: receive)
        observers.append((log, cancellable))
      case .stopObserving(let index):
        let active = observers.indices.filter { observers[$0].recorder.isActive }
        guard !active.isEmpty else { break }
        let chosen = observers[active[index % active.count]]
        chosen.recorder.isActive = false
        chosen.cancellable.cancel()
      case .setStub(let isEnabled): reactor.isStubEnabled = isEnabled
      case .setStubState(let log): reactor.stub.state = ModelState(log: log)
      case .serviceEvent(let value): reactor.service.accept(ModelMutation(value: value))
      }
      // Both sides agree on how many effects run; wait until the real one's last
      // deliveries have landed.
      live.run(step)
      let expected = live.outcome.runningEffects
      // Charged only for the time this test had the main actor (see `WaitBudget`).
      var budget = WaitBudget(seconds: 5)
      while reactor.runtime.runningEffectCount != expected, !budget.isSpent() {
        await Task.yield()
      }
    }
    let outcome = ModelOutcome(
      seen: observers.map(\.recorder.seen), finalState: reactor.currentState.log,
      stubActions: reactor.stub.actions, runningEffects: reactor.runtime.runningEffectCount)
    for observer in observers { observer.cancellable.cancel() }
    return outcome
  }
}

/// What one observer of the real reactor saw.
@MainActor
final class ObserverLog {
  let echo: (trigger: Int, then: ModelEcho)?
  var hasEchoed = false
  var seen: [[Int]] = []
  var isActive = true

  init(echo: (trigger: Int, then: ModelEcho)?) {
    self.echo = echo
  }

  /// Records `log`; returns what to do, once, when the trigger shows.
  func see(_ log: [Int]) -> ModelEcho? {
    seen.append(log)
    guard let echo, !hasEchoed, log.last == echo.trigger else { return nil }
    hasEchoed = true
    return echo.then
  }
}

/// The reactor the programs drive: each action's effect is what the action names.
final class ModelledReactor: Reactor {
  typealias Action = ModelAction
  typealias Mutation = ModelMutation
  typealias State = ModelState

  /// An asynchronous effect that waits for the program to release it.
  @MainActor
  final class Held {
    let subject: PassthroughSubject<ModelMutation, Never>?
    let mutations: [ModelMutation]
    let gate: AsyncStream<Void>.Continuation?
    let stream: AsyncStream<Void>?
    /// Whether the program released it.
    var isDone = false
    /// Whether the engine cancelled its subscription.
    var isCancelled = false
    var isLive: Bool { !isDone && !isCancelled }

    init(publishing mutations: [ModelMutation]) {
      subject = PassthroughSubject()
      self.mutations = mutations
      gate = nil
      stream = nil
    }

    init(running mutations: [ModelMutation]) {
      let (stream, gate) = AsyncStream<Void>.makeStream()
      subject = nil
      self.mutations = mutations
      self.gate = gate
      self.stream = stream
    }

    /// Lets the effect deliver; a `run` effect delivers after a hop, which the program
    /// waits for by counting running effects.
    func release() async {
      isDone = true
      if let subject {
        for mutation in mutations { subject.send(mutation) }
        subject.send(completion: .finished)
      } else {
        gate?.yield(())
        gate?.finish()
      }
    }
  }

  let initialState = State()
  let runtime = ReactorRuntime<ModelledReactor>()
  let wiring: ModelWiring
  var withHooks: Bool { wiring == .hooks }
  let service = PublishRelay<ModelMutation>()
  private(set) var started: [Held] = []

  init(wiring: ModelWiring) {
    self.wiring = wiring
  }

  var globalEvents: AnyPublisher<Mutation, Never>? {
    wiring == .globalEvents ? service.eraseToAnyPublisher() : nil
  }

  /// Releases the newest publisher effect that the model would still count as running.
  func releaseLatestPublisher() {
    guard let latest = started.last(where: { $0.subject != nil && $0.isLive }) else { return }
    latest.isDone = true
    for mutation in latest.mutations { latest.subject?.send(mutation) }
    latest.subject?.send(completion: .finished)
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .none: return .none
    case .just(let mutation): return .just(mutation)
    case .many(let mutations): return .sequence(mutations)
    case .syncPublisher(let mutations): return .publisher(mutations.publisher)
    case .later(let mutations, let id, let cancelInFlight):
      let held = Held(publishing: mutations)
      started.append(held)
      let publisher = held.subject!.handleEvents(receiveCancel: { [weak held] in
        MainActor.assumeIsolated { held?.isCancelled = true }
      })
      return marked(.publisher(publisher), id: id, cancelInFlight: cancelInFlight)
    case .run(let mutations, let id, let cancelInFlight):
      let held = Held(running: mutations)
      started.append(held)
      let stream = held.stream!
      let run = Effect<Mutation>.run { send in
        for await _ in stream { break }
        guard !Task.isCancelled else { return }
        for mutation in mutations { send(mutation) }
      }
      return marked(run, id: id, cancelInFlight: cancelInFlight)
    case .cancel(let id): return .cancel(id: id)
    }
  }

  private func marked(_ effect: Effect<Mutation>, id: Int?, cancelInFlight: Bool) -> Effect<
    Mutation
  > {
    guard let id else { return effect }
    return effect.cancellable(id: id, cancelInFlight: cancelInFlight)
  }

  func reduce(state: inout State, mutation: Mutation) {
    state.log.append(mutation.value)
    if let value = mutation.sendsFromReduce { send(.just(ModelMutation(value: value))) }
  }

  func transform(action: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never> {
    withHooks ? action.map { $0 }.eraseToAnyPublisher() : action
  }

  func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never> {
    withHooks ? mutation.merge(with: service).eraseToAnyPublisher() : mutation
  }

  func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never> {
    withHooks ? state.map { $0 }.eraseToAnyPublisher() : state
  }
}
