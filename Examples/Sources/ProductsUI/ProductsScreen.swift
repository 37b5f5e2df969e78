import ProductsCore

/// Everything the products command draws: the list, and the detail screen over it when
/// one product is open.
public struct ProductsScreen: Equatable, Sendable {
  /// The open product's screen.
  public struct Detail: Equatable, Sendable {
    public var product: Product
    public var isUpdatingFavorite: Bool
    public var errorMessage: String?

    public init(product: Product, isUpdatingFavorite: Bool = false, errorMessage: String? = nil) {
      self.product = product
      self.isUpdatingFavorite = isUpdatingFavorite
      self.errorMessage = errorMessage
    }
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
  public var detail: Detail?

  public init(
    greeting: String = "", products: [Product] = [], selectedIndex: Int = 0,
    isLoading: Bool = false, isLoadingMore: Bool = false, isShowingCache: Bool = false,
    canLoadMore: Bool = false, errorMessage: String? = nil, notice: String? = nil,
    detail: Detail? = nil
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
    self.detail = detail
  }
}
