import CounterCore
import Testing
import UniflowTesting

struct SavedValue: CounterStore {
  var value: Int
  func load() async -> Int { value }
}

@MainActor
@Suite struct CounterReactorTests {
  @Test func increasingStopsAtTheLimit() async {
    let tester = ReactorTester { CounterReactor(store: SavedValue(value: 0), limit: 2) }
    tester.send(.increase) { $0.count = 1 }
    tester.send(.increase) {
      $0.count = 2
      $0.isAtLimit = true
    }
    tester.send(.increase)
    await tester.finish()
  }

  @Test func decreasingStopsAtZero() async {
    let tester = ReactorTester { CounterReactor(store: SavedValue(value: 0)) }
    tester.send(.increase) { $0.count = 1 }
    tester.send(.decrease) { $0.count = 0 }
    tester.send(.decrease)
    await tester.finish()
  }

  @Test func resetGoesBackToZero() async {
    let tester = ReactorTester { CounterReactor(store: SavedValue(value: 0)) }
    tester.send(.increase) { $0.count = 1 }
    tester.send(.reset) { $0.count = 0 }
    await tester.finish()
  }

  @Test func loadingShowsProgressThenTheSavedValue() async {
    let tester = ReactorTester { CounterReactor(store: SavedValue(value: 3), limit: 5) }
    tester.send(.load) { $0.isLoading = true }
    await tester.receive(.set(3)) { $0.count = 3 }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }
}
