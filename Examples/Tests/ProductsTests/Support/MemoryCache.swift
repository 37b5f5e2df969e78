import ProductsCore
import Uniflow

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
