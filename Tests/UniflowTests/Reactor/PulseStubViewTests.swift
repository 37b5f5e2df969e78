import Testing
import Uniflow

@MainActor
@Suite struct PulseTests {
  final class AlertReactor: Reactor {
    enum Action: Sendable { case alert(String), rename(String) }
    struct State {
      @Pulse var alert: String?
      var title = ""
    }
    let initialState = State()
    let runtime = ReactorRuntime<AlertReactor>()

    func reduce(state: inout State, mutation: Action) {
      switch mutation {
      case .alert(let message): state.alert = message
      case .rename(let title): state.title = title
      }
    }
  }

  @Test func aPulseIsDeliveredOnEveryAssignmentEvenOfAnEqualValue() {
    let reactor = AlertReactor()
    var alerts: [String?] = []
    let cancellable = reactor.pulse(\.$alert).sink { alerts.append($0) }
    reactor.send(.alert("saved"))
    reactor.send(.alert("saved"))
    #expect(alerts == ["saved", "saved"])
    cancellable.cancel()
  }

  /// The footgun Uniflow's pulse avoids: ReactorKit's `pulse` replays the current value
  /// to a new subscriber, so a view that binds the same reactor again shows the same
  /// alert again. The migration guide points here.
  @Test func aViewThatBindsAgainDoesNotShowTheSameAlertTwice() {
    final class AlertView: ReactorView {
      var disposeBag = DisposeBag()
      @ViewReactor var reactor: AlertReactor?
      var shown: [String] = []

      func bind(reactor: AlertReactor) {
        reactor.pulse(\.$alert).compactMap { $0 }
          .sink { [weak self] in self?.shown.append($0) }
          .disposed(by: disposeBag)
      }
    }
    let reactor = AlertReactor()
    let view = AlertView()
    view.reactor = reactor
    reactor.send(.alert("saved"))
    view.reactor = reactor  // bound again, say after the screen came back
    reactor.send(.rename("draft"))
    #expect(view.shown == ["saved"])
    reactor.send(.alert("saved"))
    #expect(view.shown == ["saved", "saved"])
  }

  @Test func otherStateChangesDoNotDeliverThePulse() {
    let reactor = AlertReactor()
    reactor.send(.alert("old"))
    var alerts: [String?] = []
    let cancellable = reactor.pulse(\.$alert).sink { alerts.append($0) }
    reactor.send(.rename("a"))
    reactor.send(.rename("b"))
    #expect(alerts.isEmpty)
    reactor.send(.alert("new"))
    #expect(alerts == ["new"])
    cancellable.cancel()
  }
}

@MainActor
@Suite struct StubTests {
  @Test func withTheStubOnActionsAreRecordedAndTheTestSetsTheState() {
    let reactor = CounterReactor()
    reactor.isStubEnabled = true
    var seen: [Int] = []
    let cancellable = reactor.state.map(\.count).sink { seen.append($0) }
    reactor.send(.increase)
    reactor.action.send(.set(3))
    #expect(reactor.stub.actions == [.increase, .set(3)])
    #expect(reactor.currentState.count == 0)
    reactor.stub.state.count = 42
    #expect(seen == [0, 42])
    #expect(reactor.currentState.count == 42)
    cancellable.cancel()
  }

  @Test func turningTheStubOffHandlesActionsAgain() {
    let reactor = CounterReactor()
    reactor.isStubEnabled = true
    reactor.send(.increase)
    reactor.isStubEnabled = false
    reactor.send(.increase)
    #expect(reactor.currentState.count == 1)
    #expect(reactor.stub.actions == [.increase])
  }
}

@MainActor
@Suite struct ViewTests {
  final class CounterView: ReactorView {
    var disposeBag = DisposeBag()
    @ViewReactor var reactor: CounterReactor?
    var rendered: [Int] = []
    var bindCount = 0

    func bind(reactor: CounterReactor) {
      bindCount += 1
      reactor.state.map(\.count).sink { [weak self] in self?.rendered.append($0) }
        .disposed(by: disposeBag)
    }
  }

  @Test func assigningAReactorBindsItWithAFreshBag() {
    let view = CounterView()
    let first = CounterReactor()
    view.reactor = first
    first.send(.increase)
    #expect(view.bindCount == 1)
    #expect(view.rendered == [0, 1])

    let second = CounterReactor()
    second.send(.set(10))
    view.reactor = second
    first.send(.increase)
    #expect(view.bindCount == 2)
    #expect(view.rendered == [0, 1, 10])
    #expect(view.reactor === second)

    view.reactor = nil
    second.send(.increase)
    #expect(view.rendered == [0, 1, 10])
  }
}
