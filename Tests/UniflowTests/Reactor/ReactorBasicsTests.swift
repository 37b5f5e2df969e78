import Testing
import Uniflow

@MainActor
@Suite struct ReactorBasicsTests {
  @Test func anActionSentOnTheMainActorIsHandledBeforeSendReturns() {
    let reactor = CounterReactor()
    reactor.send(.increase)
    reactor.send(.increase)
    reactor.send(.decrease)
    #expect(reactor.currentState.count == 1)
  }

  @Test func aReactorKitStyleReduceWorksToo() {
    let reactor = PortedCounterReactor()
    reactor.send(.increase)
    reactor.send(.increase)
    #expect(reactor.currentState.value == 2)
  }

  @Test func theStatePublisherReplaysTheCurrentStateThenEveryChange() {
    let reactor = CounterReactor()
    reactor.send(.set(5))
    var seen: [Int] = []
    let cancellable = reactor.state.map(\.count).sink { seen.append($0) }
    reactor.send(.increase)
    #expect(seen == [5, 6])
    cancellable.cancel()
    reactor.send(.increase)
    #expect(seen == [5, 6])
  }

  @Test func theActionInputTakesBoundPublishers() {
    let reactor = CounterReactor()
    let taps = PublishRelay<Void>()
    let bag = CancelBag()
    taps.map { CounterReactor.Action.increase }.bind(to: reactor.action).disposed(by: bag)
    taps.accept(())
    Just(CounterReactor.Action.set(10)).subscribe(reactor.action)
    reactor.action.send(.increase)
    reactor.action.send(.increase)
    #expect(reactor.currentState.count == 12)
  }
}
