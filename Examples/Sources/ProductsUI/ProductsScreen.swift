import ProductsCore

/// Everything the products command draws: the list at the root, and, over it, the top of
/// the flow's stack (a product, or a creator's other products), under a breadcrumb of the
/// whole stack.
public struct ProductsScreen: Equatable, Sendable {
  /// A product's screen.
  public struct Detail: Equatable, Sendable {
    /// The product; `nil` while it loads (a product opened from a link).
    public var product: Product?
    public var isUpdatingFavorite: Bool
    public var errorMessage: String?

    public init(product: Product?, isUpdatingFavorite: Bool = false, errorMessage: String? = nil) {
      self.product = product
      self.isUpdatingFavorite = isUpdatingFavorite
      self.errorMessage = errorMessage
    }
  }

  /// A creator's page: their other products.
  public struct Creator: Equatable, Sendable {
    /// The creator's name; `nil` while it loads.
    public var name: String?
    public var products: [Product]
    public var selectedIndex: Int
    public var isLoading: Bool
    public var errorMessage: String?

    public init(
      name: String?, products: [Product] = [], selectedIndex: Int = 0, isLoading: Bool = false,
      errorMessage: String? = nil
    ) {
      self.name = name
      self.products = products
      self.selectedIndex = selectedIndex
      self.isLoading = isLoading
      self.errorMessage = errorMessage
    }
  }

  /// The screen on top of the list.
  public enum Top: Equatable, Sendable {
    case detail(Detail)
    case creator(Creator)
  }

  public var greeting: String
  public var products: [Product]
  public var selectedIndex: Int
  public var isLoading: Bool
  public var isLoadingMore: Bool
  /// Whether the list came from the cache because the server could not be reached.
  public var isShowingCache: Bool
  /// Whether pages are left: the list ends in a "loading more…" row.
  public var canLoadMore: Bool
  public var errorMessage: String?
  /// A note from the start, such as why the cache is not used.
  public var notice: String?
  /// The stack, bottom first, by name: `["Products", "Mug No.12", "by Aoi Studio"]`.
  public var breadcrumb: [String]
  /// The screen over the list; `nil` at the root.
  public var top: Top?
  /// Why the last link could not be opened, shown over whatever is on screen.
  public var linkError: String?

  public init(
    greeting: String = "", products: [Product] = [], selectedIndex: Int = 0,
    isLoading: Bool = false, isLoadingMore: Bool = false, isShowingCache: Bool = false,
    canLoadMore: Bool = false, errorMessage: String? = nil, notice: String? = nil,
    breadcrumb: [String] = [], top: Top? = nil, linkError: String? = nil
  ) {
    self.greeting = greeting
    self.products = products
    self.selectedIndex = selectedIndex
    self.isLoading = isLoading
    self.isLoadingMore = isLoadingMore
    self.isShowingCache = isShowingCache
    self.canLoadMore = canLoadMore
    self.errorMessage = errorMessage
    self.notice = notice
    self.breadcrumb = breadcrumb
    self.top = top
    self.linkError = linkError
  }
}
