import ProductsCore
import Uniflow

/// A cache in memory that can be made to hold something from the start.
final class MemoryCache: ProductDatabaseProtocol {
  private let stored: Locked<[Product]>
  init(_ products: [Product] = []) { stored = Locked(products) }
  var products: [Product] { stored.withLock { $0 } }
  func cachedProducts() throws(ProductsError) -> [Product] { stored.withLock { $0 } }
  func replaceCache(with products: [Product]) throws(ProductsError) {
    stored.withLock { $0 = products }
  }
}
