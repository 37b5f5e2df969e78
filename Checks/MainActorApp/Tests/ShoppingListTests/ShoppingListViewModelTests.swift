import Testing
import UniflowTesting

@testable import ShoppingList

@MainActor
@Suite struct ShoppingListViewModelTests {
  @Test func appearingLoadsTheItems() async {
    let tester = OutputTester(outputs: \.$items, \.$isLoading, \.$error) {
      ShoppingListViewModel(service: FakeShoppingService())
    }
    tester.viewModel.onAppear()
    await tester.receive(\.$isLoading, true)
    await tester.receive(\.$items, FakeShoppingService().stock)
    await tester.receive(\.$isLoading, false)
    await tester.finish()
  }

  @Test func anOfflineServiceShowsItsError() async {
    let tester = OutputTester(outputs: \.$items, \.$isLoading, \.$error) {
      ShoppingListViewModel(service: FakeShoppingService(failing: true))
    }
    tester.viewModel.onAppear()
    await tester.receive(\.$isLoading, true)
    await tester.receive(\.$error, .offline)
    await tester.receive(\.$isLoading, false)
    await tester.finish()
  }
}

@Suite struct ItemDetailViewModelTests {
  @Test func tappingBoughtMarksTheItemAndSaysSo() async {
    let tester = OutputTester(outputs: \.outputs.item, \.outputs.toast) {
      ItemDetailViewModel(item: ShoppingItem(id: 1, name: "milk"))
    }
    tester.viewModel.inputs.didTapBought()
    await tester.receive(\.outputs.item, ShoppingItem(id: 1, name: "milk", isBought: true))
    await tester.receive(\.outputs.toast, "Bought milk")
    await tester.finish()
  }
}
