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
final class MockProductRequester: ProductRequesterProtocol {
  /// A request whose answer a test can hold.
  enum Request: Hashable {
    case page(Int)
    case product(id: Int)
    case favorite(id: Int)
    case creator(String)
  }

  /// Where a request can be held: on its way to the server, or its answer on its way back.
  private enum Hold {
    case request, answer
  }

  private struct Server {
    var catalog: [Product]
    var failure: APIError?
    var favoriteFailure: APIError?
    var held: [Request: [CheckedContinuation<Void, Never>]] = [:]
    var holding: Set<Request> = []
    var holdingRequests: Set<Request> = []
    var requestedPages: [Int] = []

    func holds(_ request: Request, _ hold: Hold) -> Bool {
      switch hold {
      case .request: holdingRequests.contains(request)
      case .answer: holding.contains(request)
      }
    }
  }

  private let server: Locked<Server>

  init(catalog: [Product]) {
    server = Locked(Server(catalog: catalog))
  }

  var pages: [Int] { server.withLock { $0.requestedPages } }

  func fail(with error: APIError?) { server.withLock { $0.failure = error } }
  func failFavorites(with error: APIError?) { server.withLock { $0.favoriteFailure = error } }

  /// Answers to `request` wait until ``release(_:newestFirst:)``.
  func hold(_ request: Request) { server.withLock { _ = $0.holding.insert(request) } }

  /// `request` waits until ``release(_:newestFirst:)`` before the server sees it.
  func holdRequest(_ request: Request) {
    server.withLock { _ = $0.holdingRequests.insert(request) }
  }

  /// Lets the held answers to `request` arrive, oldest first unless `newestFirst`.
  func release(_ request: Request, newestFirst: Bool = false) {
    let waiting = server.withLock {
      $0.holding.remove(request)
      $0.holdingRequests.remove(request)
      return $0.held.removeValue(forKey: request) ?? []
    }
    (newestFirst ? waiting.reversed() : waiting).forEach { $0.resume() }
  }

  /// How many answers to `request` are held.
  func waiting(_ request: Request) -> Int { server.withLock { $0.held[request]?.count ?? 0 } }

  func products(page: Int, perPage: Int) async throws(APIError) -> [Product] {
    let answer: Result<[Product], APIError> = server.withLock {
      $0.requestedPages.append(page)
      if let failure = $0.failure { return .failure(failure) }
      let catalog = $0.catalog
      let start = min(catalog.count, (page - 1) * perPage)
      return .success(Array(catalog[start..<min(catalog.count, start + perPage)]))
    }
    await arrive(.page(page))
    return try answer.get()
  }

  func product(id: Int) async throws(APIError) -> Product {
    let answer: Result<Product, APIError> = server.withLock {
      guard let product = $0.catalog.first(where: { $0.id == id }) else {
        return .failure(.httpStatus(code: 404, message: "Not Found", retryAfter: nil))
      }
      return .success(product)
    }
    await arrive(.product(id: id))
    return try answer.get()
  }

  func products(byCreator creator: String) async throws(APIError) -> [Product] {
    let answer: Result<[Product], APIError> = server.withLock {
      if let failure = $0.failure { return .failure(failure) }
      return .success($0.catalog.filter { $0.creator == creator })
    }
    await arrive(.creator(creator))
    return try answer.get()
  }

  func setFavorite(id: Int, isFavorite: Bool) async throws(APIError) -> Product {
    await arrive(.favorite(id: id), held: .request)
    let answer: Result<Product, APIError> = server.withLock {
      if let favoriteFailure = $0.favoriteFailure { return .failure(favoriteFailure) }
      guard let index = $0.catalog.firstIndex(where: { $0.id == id }) else {
        return .failure(.httpStatus(code: 404, message: "Not Found", retryAfter: nil))
      }
      $0.catalog[index].isFavorite = isFavorite
      return .success($0.catalog[index])
    }
    await arrive(.favorite(id: id))
    return try answer.get()
  }

  /// Returns at once, or when the test releases `request` if it is held where `held` says.
  private func arrive(_ request: Request, held: Hold = .answer) async {
    guard server.withLock({ $0.holds(request, held) }) else { return }
    await withCheckedContinuation { continuation in
      let resumeNow = server.withLock {
        guard $0.holds(request, held) else { return true }
        $0.held[request, default: []].append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
}
