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
/// answers when a test asks. Like a server, it decides each answer when the request
/// arrives: ``hold(_:)`` holds an answer on its way back, ``holdRequest(_:)`` a request
/// on its way to the server.
///
/// `@unchecked Sendable`: every stored property is read and written under `lock` alone.
final class MockProductRequester: ProductRequesterProtocol, @unchecked Sendable {
  /// A request whose answer a test can hold.
  enum Request: Hashable {
    case page(Int)
    case product(id: Int)
    case favorite(id: Int)
    case creator(String)
  }

  private let lock = Lock()
  private var catalog: [Product]
  private var failure: APIError?
  private var favoriteFailure: APIError?
  private var held: [Request: [CheckedContinuation<Void, Never>]] = [:]
  private var holding: Set<Request> = []
  private var holdingRequests: Set<Request> = []
  private var requestedPages: [Int] = []

  init(catalog: [Product]) {
    self.catalog = catalog
  }

  var pages: [Int] { lock.withLock { requestedPages } }

  func fail(with error: APIError?) { lock.withLock { failure = error } }
  func failFavorites(with error: APIError?) { lock.withLock { favoriteFailure = error } }

  /// Answers to `request` wait until ``release(_:newestFirst:)``.
  func hold(_ request: Request) { lock.withLock { _ = holding.insert(request) } }

  /// `request` waits until ``release(_:newestFirst:)`` before the server sees it.
  func holdRequest(_ request: Request) { lock.withLock { _ = holdingRequests.insert(request) } }

  /// Lets the held answers to `request` arrive, oldest first unless `newestFirst`.
  func release(_ request: Request, newestFirst: Bool = false) {
    let waiting = lock.withLock {
      holding.remove(request)
      holdingRequests.remove(request)
      return held.removeValue(forKey: request) ?? []
    }
    (newestFirst ? waiting.reversed() : waiting).forEach { $0.resume() }
  }

  /// How many answers to `request` are held.
  func waiting(_ request: Request) -> Int { lock.withLock { held[request]?.count ?? 0 } }

  func products(page: Int, perPage: Int) async throws(APIError) -> [Product] {
    let answer: Result<[Product], APIError> = lock.withLock {
      requestedPages.append(page)
      if let failure { return .failure(failure) }
      let start = min(catalog.count, (page - 1) * perPage)
      return .success(Array(catalog[start..<min(catalog.count, start + perPage)]))
    }
    await arrive(.page(page))
    return try answer.get()
  }

  func product(id: Int) async throws(APIError) -> Product {
    let answer: Result<Product, APIError> = lock.withLock {
      guard let product = catalog.first(where: { $0.id == id }) else {
        return .failure(.httpStatus(code: 404, message: "Not Found", retryAfter: nil))
      }
      return .success(product)
    }
    await arrive(.product(id: id))
    return try answer.get()
  }

  func products(byCreator creator: String) async throws(APIError) -> [Product] {
    let answer: Result<[Product], APIError> = lock.withLock {
      if let failure { return .failure(failure) }
      return .success(catalog.filter { $0.creator == creator })
    }
    await arrive(.creator(creator))
    return try answer.get()
  }

  func setFavorite(id: Int, isFavorite: Bool) async throws(APIError) -> Product {
    await arrive(.favorite(id: id), held: \.holdingRequests)
    let answer: Result<Product, APIError> = lock.withLock {
      if let favoriteFailure { return .failure(favoriteFailure) }
      guard let index = catalog.firstIndex(where: { $0.id == id }) else {
        return .failure(.httpStatus(code: 404, message: "Not Found", retryAfter: nil))
      }
      catalog[index].isFavorite = isFavorite
      return .success(catalog[index])
    }
    await arrive(.favorite(id: id))
    return try answer.get()
  }

  /// Returns at once, or when the test releases `request` if `held` holds it.
  private func arrive(
    _ request: Request,
    held: KeyPath<MockProductRequester, Set<Request>> = \.holding
  ) async {
    guard lock.withLock({ self[keyPath: held].contains(request) }) else { return }
    await withCheckedContinuation { continuation in
      let resumeNow = lock.withLock {
        guard self[keyPath: held].contains(request) else { return true }
        self.held[request, default: []].append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
}
