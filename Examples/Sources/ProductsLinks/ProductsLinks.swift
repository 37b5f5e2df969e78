import Uniflow

/// A screen of the products app over its list: what a link opens, and what
/// `ProductsFlow`'s stack holds (its `Route`).
///
/// ```swift
/// let route = ProductsRoute.creatorProducts(ofProduct: 12)
/// ```
public enum ProductsRoute: Hashable, Sendable, Codable {
  /// One product.
  case product(id: Int)
  /// The other products of product `id`'s creator.
  case creatorProducts(ofProduct: Int)
}

/// The products app's links, read into the stack they open. A module of its own, with no
/// database and no network, so that a tool that only reads links (the deep-link fuzz target
/// in `Fuzz/`) builds nothing else.
///
/// ```swift
/// let link = try DeepLink("products://product/12/creator", scheme: ProductsLinks.scheme)
/// try ProductsLinks.path(for: link)   // [.product(id: 12), .creatorProducts(ofProduct: 12)]
/// ```
public enum ProductsLinks {
  /// The scheme of the app's links.
  public static let scheme = "products"

  /// The stack a link opens: `products://` is the list, `products://product/12` a product
  /// over it, `products://product/12/creator` its creator's other products over that.
  public static func path(for link: DeepLink) throws(DeepLinkError) -> [ProductsRoute] {
    let segments = link.segments
    guard !segments.isEmpty else { return [] }
    guard segments[0] == "product" else { throw .unknownPath(link.path) }
    let id = try link.id(after: 0)
    switch segments.count {
    case 2: return [.product(id: id)]
    case 3 where segments[2] == "creator":
      return [.product(id: id), .creatorProducts(ofProduct: id)]
    default: throw .unknownPath(link.path)
    }
  }
}
