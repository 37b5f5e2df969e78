/// One line of the shopping list.
struct ShoppingItem: Equatable, Identifiable {
  var id: Int
  var name: String
  var isBought = false
}
