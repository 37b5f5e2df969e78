import Foundation
import Networking

/// `GET /products?page=N&per_page=M`: one page of the newest products.
public struct ProductListEndpoint: Endpoint {
  public typealias Response = [Product]
  public let page: Int
  public let perPage: Int

  public init(page: Int, perPage: Int) {
    self.page = page
    self.perPage = perPage
  }

  public var path: String { "/products" }
  public var queryItems: [URLQueryItem] {
    [
      URLQueryItem(name: "page", value: "\(page)"),
      URLQueryItem(name: "per_page", value: "\(perPage)"),
    ]
  }
}

/// `GET /products?creator=NAME`: every product of one creator.
public struct CreatorProductsEndpoint: Endpoint {
  public typealias Response = [Product]
  public let creator: String

  public init(creator: String) {
    self.creator = creator
  }

  public var path: String { "/products" }
  public var queryItems: [URLQueryItem] { [URLQueryItem(name: "creator", value: creator)] }
}

/// `GET /products/ID`: one product.
public struct ProductEndpoint: Endpoint {
  public typealias Response = Product
  public let id: Int

  public init(id: Int) {
    self.id = id
  }

  public var path: String { "/products/\(id)" }
}

/// `PUT` (favourite) or `DELETE` (not any more) `/products/ID/favorite`; answers with the
/// product as the server now has it.
public struct FavoriteEndpoint: Endpoint {
  public typealias Response = Product
  public let id: Int
  public let isFavorite: Bool

  public init(id: Int, isFavorite: Bool) {
    self.id = id
    self.isFavorite = isFavorite
  }

  public var method: HTTPMethod { isFavorite ? .put : .delete }
  public var path: String { "/products/\(id)/favorite" }
}

/// The product API as Swift calls; the repository depends on this protocol, so its tests
/// hand in a requester that answers from memory.
public protocol ProductRequesterProtocol: Sendable {
  /// Page `page` (from 1) of the newest products, `perPage` at most.
  func products(page: Int, perPage: Int) async throws(APIError) -> [Product]
  /// One product.
  func product(id: Int) async throws(APIError) -> Product
  /// Every product of `creator`.
  func products(byCreator creator: String) async throws(APIError) -> [Product]
  /// Marks a product a favourite or not; returns it as the server now has it.
  func setFavorite(id: Int, isFavorite: Bool) async throws(APIError) -> Product
}

/// The product requester over the shared `APIClient`.
///
/// ```swift
/// let requester = ProductRequester(apiClient: APIClient(baseURL: serverURL))
/// let firstPage = try await requester.products(page: 1, perPage: 20)
/// ```
public struct ProductRequester: ProductRequesterProtocol {
  private let apiClient: any APIClientProtocol

  public init(apiClient: any APIClientProtocol) {
    self.apiClient = apiClient
  }

  public func products(page: Int, perPage: Int) async throws(APIError) -> [Product] {
    try await apiClient.response(for: ProductListEndpoint(page: page, perPage: perPage))
  }

  public func product(id: Int) async throws(APIError) -> Product {
    try await apiClient.response(for: ProductEndpoint(id: id))
  }

  public func products(byCreator creator: String) async throws(APIError) -> [Product] {
    try await apiClient.response(for: CreatorProductsEndpoint(creator: creator))
  }

  public func setFavorite(id: Int, isFavorite: Bool) async throws(APIError) -> Product {
    try await apiClient.response(for: FavoriteEndpoint(id: id, isFavorite: isFavorite))
  }
}
