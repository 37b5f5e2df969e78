import Foundation
import Networking
import ProductsCore
import Uniflow

/// `count` products with ids from `first`.
func makeProducts(_ count: Int, from first: Int = 1) -> [Product] {
  (first..<(first + count)).map {
    Product(id: $0, name: "Product \($0)", price: 1000 + $0, creator: "Maker \($0 % 3)")
  }
}

/// A requester that answers from memory: pages of `catalog`, with failures and held
/// answers when a test asks.
///
/// `@unchecked Sendable`: every stored property is read and written under `lock` alone.
final class MockProductRequester: ProductRequesterProtocol, @unchecked Sendable {
  private let lock = Lock()
  private var catalog: [Product]
  private var failure: APIError?
  private var favoriteFailure: APIError?
  private var held: [Int: [CheckedContinuation<Void, Never>]] = [:]
  private var holding: Set<Int> = []
  private var requestedPages: [Int] = []

  init(catalog: [Product]) {
    self.catalog = catalog
  }

  var pages: [Int] { lock.withLock { requestedPages } }

  func fail(with error: APIError?) { lock.withLock { failure = error } }
  func failFavorites(with error: APIError?) { lock.withLock { favoriteFailure = error } }

  /// Answers for `page` wait until ``release(page:)``.
  func hold(page: Int) { lock.withLock { _ = holding.insert(page) } }

  func release(page: Int) {
    let waiting = lock.withLock {
      holding.remove(page)
      return held.removeValue(forKey: page) ?? []
    }
    waiting.forEach { $0.resume() }
  }

  /// How many requests for `page` are waiting.
  func waiting(page: Int) -> Int { lock.withLock { held[page]?.count ?? 0 } }

  func products(page: Int, perPage: Int) async throws(APIError) -> [Product] {
    let mustWait = lock.withLock {
      requestedPages.append(page)
      return holding.contains(page)
    }
    if mustWait {
      await withCheckedContinuation { continuation in
        let resumeNow = lock.withLock {
          guard holding.contains(page) else { return true }
          held[page, default: []].append(continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    }
    let products = lock.withLock { self.catalog }
    if let error = lock.withLock({ self.failure }) { throw error }
    let start = min(products.count, (page - 1) * perPage)
    return Array(products[start..<min(products.count, start + perPage)])
  }

  func product(id: Int) async throws(APIError) -> Product {
    guard let product = lock.withLock({ catalog.first { $0.id == id } }) else {
      throw .httpStatus(code: 404, message: "Not Found", retryAfter: nil)
    }
    return product
  }

  func setFavorite(id: Int, isFavorite: Bool) async throws(APIError) -> Product {
    let result: Result<Product, APIError> = lock.withLock {
      if let favoriteFailure { return .failure(favoriteFailure) }
      guard let index = catalog.firstIndex(where: { $0.id == id }) else {
        return .failure(.httpStatus(code: 404, message: "Not Found", retryAfter: nil))
      }
      catalog[index].isFavorite = isFavorite
      return .success(catalog[index])
    }
    return try result.get()
  }
}

/// A logger that keeps its tags.
///
/// `@unchecked Sendable`: `tags` is read and written under `lock` alone.
final class RecordingLogger: LoggerProtocol, @unchecked Sendable {
  private let lock = Lock()
  private var stored: [String] = []
  var tags: [String] { lock.withLock { stored } }
  func post(tag: String) { lock.withLock { stored.append(tag) } }
}

/// A cache in memory that can be made to hold something from the start.
///
/// `@unchecked Sendable`: `stored` is read and written under `lock` alone.
final class MemoryCache: ProductDatabaseProtocol, @unchecked Sendable {
  private let lock = Lock()
  private var stored: [Product]
  init(_ products: [Product] = []) { stored = products }
  var products: [Product] { lock.withLock { stored } }
  func cachedProducts() throws(ProductsError) -> [Product] { lock.withLock { stored } }
  func replaceCache(with products: [Product]) throws(ProductsError) {
    lock.withLock { stored = products }
  }
}
