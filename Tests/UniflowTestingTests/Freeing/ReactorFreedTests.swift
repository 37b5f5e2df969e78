import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A service shared by screens: its events outlive any one of them.
final class EventService {
  let events = PublishRelay<Int>()
  /// Where a careless screen stores its subscription: outside itself.
  var bag = Set<AnyCancellable>()
}

/// A flag another thread reads, to end a loop the test started on purpose.
final class StopFlag: @unchecked Sendable {
  // Sendable because `stopped` is only read and written with `lock` held.
  private let lock = Lock()
  private var stopped = false
  var isSet: Bool { lock.withLock { stopped } }
  func set() { lock.withLock { stopped = true } }
}

/// A reactor that makes each kind of leak on demand.
final class LeakyReactor: Reactor {
  enum Leak {
    case none, runLoopHoldsSelf, hookCapturesSelf, hookCapturesWeakly, subscriptionKeptOutside
    case globalEventsCaptureSelf, globalEventsCaptureWeakly
  }
  enum Action: Sendable { case start }
  enum Mutation: Equatable, Sendable { case add(Int) }
  struct State: Equatable { var total = 0 }

  let initialState = State()
  let runtime = ReactorRuntime<LeakyReactor>()
  let service: EventService
  let leak: Leak
  let stop: StopFlag

  init(service: EventService, leak: Leak, stop: StopFlag = StopFlag()) {
    self.service = service
    self.leak = leak
    self.stop = stop
  }

  func mutate(action: Action) -> Effect<Mutation> {
    if leak == .subscriptionKeptOutside {
      // Weak, so the reactor goes; but the subscription lives in the service's bag.
      service.events.sink { [weak self] _ in _ = self }.store(in: &service.bag)
    }
    guard leak == .runLoopHoldsSelf else { return .none }
    return .run { [self] _ in
      // `try?` swallows the cancellation, so the loop goes on: runaway work.
      while !stop.isSet {
        try? await Task.sleep(nanoseconds: 1_000_000)
        _ = self.initialState
      }
    }
  }

  var globalEvents: AnyPublisher<Mutation, Never>? {
    switch leak {
    case .globalEventsCaptureSelf:
      return service.events.map { [self] in Mutation.add($0 + initialState.total) }
        .eraseToAnyPublisher()
    case .globalEventsCaptureWeakly:
      return service.events.map(Mutation.add).eraseToAnyPublisher()
    default:
      return nil
    }
  }

  func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never> {
    if leak == .hookCapturesWeakly {
      let fromService = service.events.compactMap { [weak self] value in
        self == nil ? nil : Mutation.add(value)
      }
      return mutation.merge(with: fromService).eraseToAnyPublisher()
    }
    guard leak == .hookCapturesSelf else { return mutation }
    let fromService = service.events.map { [self] in Mutation.add($0 + initialState.total) }
    return mutation.merge(with: fromService).eraseToAnyPublisher()
  }

  func reduce(state: inout State, mutation: Mutation) {
    if case .add(let value) = mutation { state.total += value }
  }
}

@MainActor
@Suite struct ReactorFreedTests {
  @Test func aReactorTheTesterBuiltIsFreedAtFinish() async {
    let service = EventService()
    let tester = ReactorTester { LeakyReactor(service: service, leak: .none) }
    tester.send(.start)
    await tester.finish()
    #expect(service.events.openSubscriptionCount == 0)
  }

  @Test func aHookThatCapturesWeaklyClosesItsSubscriptionWithTheReactor() async {
    // The hooks' own subscriber once held the hooks: a cycle that kept this subscription
    // open after the reactor was gone.
    let service = EventService()
    let tester = ReactorTester { LeakyReactor(service: service, leak: .hookCapturesWeakly) }
    service.events.accept(3)
    await tester.receive(.add(3)) { $0.total = 3 }
    await tester.finish()
    #expect(service.events.openSubscriptionCount == 0)
  }

  @Test func aRunEffectThatLoopsForeverAndHoldsTheReactorIsReported() async {
    let stop = StopFlag()
    let tester = ReactorTester {
      LeakyReactor(service: EventService(), leak: .runLoopHoldsSelf, stop: stop)
    }
    tester.send(.start)
    tester.skipInFlightEffects()
    await withKnownIssue {
      await tester.finish()
    } matching: {
      issue(
        $0, says: "1 `.run` effect(s) still running after they were cancelled", "Task.isCancelled")
        || issue($0, says: "`LeakyReactor` was not freed after the test", "an effect")
    }
    stop.set()
  }

  @Test func aHookThatCapturesTheReactorNamesTheServiceSubscription() async {
    let service = EventService()
    let tester = ReactorTester { LeakyReactor(service: service, leak: .hookCapturesSelf) }
    service.events.accept(2)
    await tester.receive(.add(2)) { $0.total = 2 }
    await withKnownIssue {
      await tester.finish()
    } matching: {
      issue(
        $0, says: "`LeakyReactor` was not freed after the test",
        "1 subscription(s) to `service.events` is still open", "`transform` hook")
    }
  }

  @Test func globalEventsThatHoldNothingCloseTheirSubscriptionWithTheReactor() async {
    let service = EventService()
    let tester = ReactorTester {
      LeakyReactor(service: service, leak: .globalEventsCaptureWeakly)
    }
    tester.send(.start)
    service.events.accept(3)
    await tester.receive(.add(3)) { $0.total = 3 }
    await tester.finish()
    #expect(service.events.openSubscriptionCount == 0)
  }

  @Test func globalEventsThatCaptureTheReactorNameTheServiceSubscription() async {
    let service = EventService()
    let tester = ReactorTester { LeakyReactor(service: service, leak: .globalEventsCaptureSelf) }
    tester.send(.start)
    service.events.accept(2)
    await tester.receive(.add(2)) { $0.total = 2 }
    await withKnownIssue {
      await tester.finish()
    } matching: {
      issue(
        $0, says: "`LeakyReactor` was not freed after the test",
        "1 subscription(s) to `service.events` is still open")
    }
  }

  @Test func aSubscriptionKeptOutsideTheReactorIsReportedEvenWhenItIsFreed() async {
    let service = EventService()
    let tester = ReactorTester {
      LeakyReactor(service: service, leak: .subscriptionKeptOutside)
    }
    tester.send(.start)
    await withKnownIssue {
      await tester.finish()
    } matching: {
      issue(
        $0, says: "`LeakyReactor` was freed after the test, but",
        "1 subscription(s) to `service.events` is still open")
    }
  }

  @Test func theCheckCanBeTurnedOffForAReactorMeantToOutliveTheTest() async {
    let service = EventService()
    let tester = ReactorTester(checkFreed: false) {
      LeakyReactor(service: service, leak: .hookCapturesSelf)
    }
    await tester.finish()
    let other = ReactorTester { LeakyReactor(service: service, leak: .hookCapturesSelf) }
    await other.finish(checkFreed: false)
  }

  @Test func aTesterLetGoWithoutFinishStillChecksThatTheReactorIsFreed() {
    let service = EventService()
    withKnownIssue {
      do {
        let tester = ReactorTester { LeakyReactor(service: service, leak: .hookCapturesSelf) }
        tester.send(.start)
      }
    } matching: {
      issue($0, says: "`LeakyReactor` was not freed", "`service.events`")
    }
  }

  @Test func aTesterGivenTheTestsOwnReactorDoesNotBlameTheTest() async {
    let reactor = LeakyReactor(service: EventService(), leak: .none)
    let tester = ReactorTester(reactor)
    tester.send(.start)
    await tester.finish()
    #expect(reactor.currentState.total == 0)
  }
}
