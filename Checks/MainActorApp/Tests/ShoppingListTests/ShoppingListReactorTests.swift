import Testing
import UniflowTesting

@testable import ShoppingList

// A reactor's test runs on the main actor, where the reactor lives. In this module that is
// the default; `@MainActor` says so for a reader, and changes nothing.
@MainActor
@Suite struct ShoppingListReactorTests {
  @Test func loadingShowsTheItems() async {
    let tester = ReactorTester { ShoppingListReactor(service: FakeShoppingService()) }
    tester.send(.load) { $0.isLoading = true }
    await tester.receive(.setItems(FakeShoppingService().stock)) {
      $0.items = FakeShoppingService().stock
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }

  @Test func anOfflineServiceShowsItsError() async {
    let tester = ReactorTester {
      ShoppingListReactor(service: FakeShoppingService(failing: true))
    }
    tester.send(.load) { $0.isLoading = true }
    await tester.receive(.setError(.offline)) { $0.error = .offline }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }

  @Test func addingAndTickingOff() async {
    let tester = ReactorTester { ShoppingListReactor(service: FakeShoppingService()) }
    tester.send(.add("bread"))
    await tester.receive(.append(ShoppingItem(id: 3, name: "bread"))) {
      $0.items = [ShoppingItem(id: 3, name: "bread")]
    }
    tester.send(.toggle(0)) { $0.items[0].isBought = true }
    await tester.finish()
  }
}
