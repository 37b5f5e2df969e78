import Foundation

/// A product on sale: minne's entity, a value type the screens share through the
/// repository.
public struct Product: Identifiable, Equatable, Hashable, Sendable, Codable {
  public let id: Int
  public var name: String
  /// The price in yen.
  public var price: Int
  /// Who made it.
  public var creator: String
  public var isFavorite: Bool

  public init(id: Int, name: String, price: Int, creator: String, isFavorite: Bool = false) {
    self.id = id
    self.name = name
    self.price = price
    self.creator = creator
    self.isFavorite = isFavorite
  }

  enum CodingKeys: String, CodingKey {
    case id, name, price, creator
    case isFavorite = "is_favorite"
  }
}

/// A creator and their other products, as the creator's page shows them.
public struct CreatorProducts: Equatable, Sendable, Codable {
  public var creator: String
  public var products: [Product]

  public init(creator: String, products: [Product]) {
    self.creator = creator
    self.products = products
  }
}

/// Why products could not be loaded or changed, as the screens show it.
public enum ProductsError: Error, Equatable, Sendable, Codable, CustomStringConvertible {
  /// The server could not be reached or answered with an error.
  case network(APIErrorDescription)
  /// The cache file could not be used; the app runs without it.
  case cache(String)

  public var description: String {
    switch self {
    case .network(let error): error.text
    case .cache(let reason): "the cache is not used: \(reason)"
    }
  }
}

/// An error's text, kept as a value so errors compare in tests.
public struct APIErrorDescription: Equatable, Sendable, Codable {
  public let text: String

  public init(_ error: any Error) {
    text = String(describing: error)
  }
}
