/// Where the list lives: a server in the app, a fake in tests.
protocol ShoppingService: Sendable {
  func items() async throws -> [ShoppingItem]
  func search(_ query: String) async throws -> [ShoppingItem]
  func add(_ name: String) async throws -> ShoppingItem
}

/// What a service throws.
enum ShoppingError: Error, Equatable {
  case offline
}
