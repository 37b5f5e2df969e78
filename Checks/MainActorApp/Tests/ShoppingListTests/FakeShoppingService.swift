@testable import ShoppingList

/// A service that answers at once, from memory; `failing` makes every call throw.
struct FakeShoppingService: ShoppingService {
  var stock = [
    ShoppingItem(id: 1, name: "milk"),
    ShoppingItem(id: 2, name: "eggs"),
  ]
  var failing = false

  func items() async throws -> [ShoppingItem] {
    if failing { throw ShoppingError.offline }
    return stock
  }

  func search(_ query: String) async throws -> [ShoppingItem] {
    if failing || query == "offline" { throw ShoppingError.offline }
    return stock.filter { $0.name.contains(query) }
  }

  func add(_ name: String) async throws -> ShoppingItem {
    ShoppingItem(id: stock.count + 1, name: name)
  }
}
