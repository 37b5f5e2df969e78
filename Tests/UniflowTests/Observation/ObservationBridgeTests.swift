import Observation
import Testing
import UniflowTesting
import Uniflow

@MainActor
@Suite struct ObservationBridgeTests {
  final class TitledCounter: Reactor {
    enum Action: Sendable { case increase, rename(String) }
    struct State { var count = 0; var title = "" }
    let initialState = State()
    let runtime = ReactorRuntime<TitledCounter>()

    func reduce(state: inout State, mutation: Action) {
      switch mutation {
      case .increase: state.count += 1
      case .rename(let title): state.title = title
      }
    }
  }

  @Test func anObserverOfCountIsToldWhenCountChangesAndNotWhenOnlyTitleDoes() {
    let observed = ObservedReactor(TitledCounter())
    let changes = Recorder<Void>()
    withObservationTracking {
      _ = observed.count
    } onChange: {
      changes.append(())
    }
    observed.send(.rename("Groceries"))
    #expect(!(changes.count > 0))
    #expect(observed.title == "Groceries")
    observed.send(.increase)
    #expect((changes.count > 0))
    #expect(observed.count == 1)
  }

  @Test func anObserverOfTheWholeStateIsToldOfEveryChange() {
    let observed = ObservedReactor(TitledCounter())
    let changes = Recorder<Void>()
    withObservationTracking {
      _ = observed.wholeState
    } onChange: {
      changes.append(())
    }
    observed.send(.rename("x"))
    #expect((changes.count > 0))
  }

  @Test func theObservableObjectBridgeAnnouncesEveryNewState() {
    let counter = ObservableReactor(TitledCounter())
    var announcements = 0
    let cancellable = counter.objectWillChange.sink { announcements += 1 }
    counter.send(.increase)
    counter.send(.rename("x"))
    #expect(announcements == 2)
    #expect(counter.count == 1)
    #expect(counter.state.title == "x")
    cancellable.cancel()
  }
}
