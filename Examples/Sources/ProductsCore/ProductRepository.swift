import Foundation
import Networking
import Uniflow

/// Where the products live while the app runs (minne's Repository). Both screens
/// hold the same repository: favouriting on the detail screen shows on the list screen
/// with no fetch.
@MainActor
public protocol ProductRepositoryProtocol: AnyObject {
  /// The products loaded so far, in list order; replays the current list.
  var products: AnyPublisher<[Product], Never> { get }
  /// Whether the list shown came from the cache because the server could not be reached.
  var isShowingCache: AnyPublisher<Bool, Never> { get }
  /// Whether there are pages left to load.
  var canLoadMore: Bool { get }
  /// Shows what the cache holds, if the list is still empty.
  func loadCache()
  /// Loads the first page again and replaces the list with it.
  func fetchNewestProducts() async throws(ProductsError)
  /// Loads the next page and appends it; does nothing when a load of that page is already
  /// running, or when the last page has been loaded.
  func fetchNextPage() async throws(ProductsError)
  /// Whether the list, with `displayedCount` products on screen so far, is near enough
  /// its end to load the next page now.
  func shouldPreDownload(displayedCount: Int) -> Bool
  /// Loads one product again and puts it where every screen sees it: in the list, or
  /// beside it when the list does not hold it (a product opened from a link).
  func fetchProduct(id: Int) async throws(ProductsError)
  /// One product, wherever the repository has it, now and after every change; nothing
  /// until it has it.
  nonisolated func product(id: Int) -> AnyPublisher<Product, Never>
  /// The creator of product `id` and their other products, now and after every change;
  /// `nil` until the repository has product `id`.
  nonisolated func creatorProducts(ofProduct id: Int) -> AnyPublisher<CreatorProducts?, Never>
  /// Loads product `id` if needed, then every product of its creator.
  func fetchCreatorProducts(ofProduct id: Int) async throws(ProductsError)
  /// Marks a product a favourite or not: at once on every screen, and back again if the
  /// server refuses.
  func setFavorite(id: Int, isFavorite: Bool) async throws(ProductsError)
}

/// The product repository: products in memory, pages from the requester, a copy in the
/// cache database.
///
/// ```swift
/// let repository = ProductRepository(
///   requester: ProductRequester(apiClient: client), cache: try ProductDatabase.open(at: path))
/// try await repository.fetchNewestProducts()
/// ```
@MainActor
public final class ProductRepository: ProductRepositoryProtocol {
  /// How many products a page holds; a shorter page is the last one.
  public let pageSize: Int
  /// How close to the end of the list the next page starts loading.
  public let preloadDistance: Int

  private let requester: any ProductRequesterProtocol
  private let cache: (any ProductDatabaseProtocol)?
  private let list = BehaviorRelay<[Product]>(value: [])
  /// Products known outside the list (opened from a link, a creator's page), by id.
  private let extras = BehaviorRelay<[Int: Product]>(value: [:])
  private let showingCache = BehaviorRelay<Bool>(value: false)
  private var nextPage = 1
  private var hasMore = true
  /// Counts refreshes: a page requested before the latest refresh is dropped.
  private var generation = 0
  private var pageInFlight: Int?
  /// Counts favourite changes. A read that started before a change of a product, or
  /// while one was on its way, cannot know about it: for that product the flag shown
  /// here is newer than the one the read brings.
  private var favoriteClock = 0
  /// The clock value of each product's latest favourite change.
  private var latestFavoriteChange: [Int: Int] = [:]
  /// How many favourite changes of each product are waiting for the server.
  private var favoritesInFlight: [Int: Int] = [:]
  /// Callers of ``finishPendingChanges()``, resumed when no change is waiting any more.
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []

  public init(
    requester: any ProductRequesterProtocol, cache: (any ProductDatabaseProtocol)?,
    pageSize: Int = 20, preloadDistance: Int = 5
  ) {
    self.requester = requester
    self.cache = cache
    self.pageSize = pageSize
    self.preloadDistance = preloadDistance
  }

  public var products: AnyPublisher<[Product], Never> { list.eraseToAnyPublisher() }
  public var isShowingCache: AnyPublisher<Bool, Never> { showingCache.eraseToAnyPublisher() }
  public var canLoadMore: Bool { hasMore && !showingCache.value }

  public func loadCache() {
    guard list.value.isEmpty, let cached = try? cache?.cachedProducts(), !cached.isEmpty else {
      return
    }
    list.accept(cached)
    showingCache.accept(true)
  }

  public func fetchNewestProducts() async throws(ProductsError) {
    generation += 1
    let generation = generation
    pageInFlight = nil
    let readStart = favoriteClock
    let page = try await load(page: 1)
    guard generation == self.generation else { return }
    list.accept(keepingNewerFavorites(page, readStart: readStart))
    showingCache.accept(false)
    nextPage = 2
    hasMore = page.count == pageSize
    saveToCache()
  }

  public func fetchNextPage() async throws(ProductsError) {
    guard canLoadMore, pageInFlight == nil, nextPage > 1 else { return }
    let number = nextPage
    let generation = generation
    pageInFlight = number
    defer { if pageInFlight == number, generation == self.generation { pageInFlight = nil } }
    let readStart = favoriteClock
    let page = try await load(page: number)
    // A refresh started while this page was on its way: the list it belonged to is gone.
    guard generation == self.generation else { return }
    let known = Set(list.value.map(\.id))
    let added = page.filter { !known.contains($0.id) }
    list.accept(list.value + keepingNewerFavorites(added, readStart: readStart))
    nextPage = number + 1
    hasMore = page.count == pageSize
    saveToCache()
  }

  /// Whether a favourite change is still waiting for the server's answer.
  public var hasPendingChanges: Bool { !favoritesInFlight.isEmpty }

  /// Returns once every favourite change sent so far has the server's answer (or its
  /// error), so that a program that quits does not drop a change the user saw made.
  public func finishPendingChanges() async {
    guard hasPendingChanges else { return }
    await withCheckedContinuation { idleWaiters.append($0) }
  }

  public func shouldPreDownload(displayedCount: Int) -> Bool {
    canLoadMore && pageInFlight == nil && displayedCount >= list.value.count - preloadDistance
  }

  public func fetchProduct(id: Int) async throws(ProductsError) {
    let readStart = favoriteClock
    let product: Product
    do {
      product = try await requester.product(id: id)
    } catch {
      throw .network(APIErrorDescription(error))
    }
    keep(keepingNewerFavorites([product], readStart: readStart))
  }

  public nonisolated func product(id: Int) -> AnyPublisher<Product, Never> {
    list.combineLatest(extras)
      .compactMap { list, extras in list.first { $0.id == id } ?? extras[id] }
      .removeDuplicates()
      .eraseToAnyPublisher()
  }

  public nonisolated func creatorProducts(ofProduct id: Int)
    -> AnyPublisher<CreatorProducts?, Never>
  {
    list.combineLatest(extras)
      .map { list, extras -> CreatorProducts? in
        guard let product = list.first(where: { $0.id == id }) ?? extras[id] else { return nil }
        let listed = Set(list.map(\.id))
        let others =
          list.filter { $0.creator == product.creator && $0.id != id }
          + extras.values.filter { $0.creator == product.creator && $0.id != id }
          .filter { !listed.contains($0.id) }.sorted { $0.id < $1.id }
        return CreatorProducts(creator: product.creator, products: others)
      }
      .removeDuplicates()
      .eraseToAnyPublisher()
  }

  public func fetchCreatorProducts(ofProduct id: Int) async throws(ProductsError) {
    if known(id) == nil { try await fetchProduct(id: id) }
    guard let creator = known(id)?.creator else { return }
    let readStart = favoriteClock
    let products: [Product]
    do {
      products = try await requester.products(byCreator: creator)
    } catch {
      throw .network(APIErrorDescription(error))
    }
    keep(keepingNewerFavorites(products, readStart: readStart))
  }

  /// The product as the repository has it: in the list, or beside it.
  private func known(_ id: Int) -> Product? {
    list.value.first { $0.id == id } ?? extras.value[id]
  }

  /// Puts fresh copies of `products` where every screen sees them: over the list's copy,
  /// or beside the list.
  private func keep(_ products: [Product]) {
    var listed = list.value
    var others = extras.value
    for product in products {
      if let index = listed.firstIndex(where: { $0.id == product.id }) {
        listed[index] = product
      } else {
        others[product.id] = product
      }
    }
    if listed != list.value { list.accept(listed) }
    if others != extras.value { extras.accept(others) }
  }

  public func setFavorite(id: Int, isFavorite: Bool) async throws(ProductsError) {
    guard let before = known(id) else { return }
    favoriteClock += 1
    let change = favoriteClock
    latestFavoriteChange[id] = change
    favoritesInFlight[id, default: 0] += 1
    defer {
      favoritesInFlight[id, default: 1] -= 1
      if favoritesInFlight[id] == 0 { favoritesInFlight[id] = nil }
      if favoritesInFlight.isEmpty {
        idleWaiters.forEach { $0.resume() }
        idleWaiters.removeAll()
      }
    }
    update(id) { $0.isFavorite = isFavorite }
    do {
      let product = try await requester.setFavorite(id: id, isFavorite: isFavorite)
      // A later change of this product is on its way: its answer decides what shows.
      guard latestFavoriteChange[id] == change else { return }
      update(id) { $0 = product }
      saveToCache()
    } catch {
      if latestFavoriteChange[id] == change { update(id) { $0.isFavorite = before.isFavorite } }
      throw .network(APIErrorDescription(error))
    }
  }

  private func load(page: Int) async throws(ProductsError) -> [Product] {
    do {
      return try await requester.products(page: page, perPage: pageSize)
    } catch {
      throw .network(APIErrorDescription(error))
    }
  }

  /// `fresh` as a read that started at `readStart` brought it, with the favourite flag
  /// shown here kept for each product changed since then or still being changed.
  private func keepingNewerFavorites(_ fresh: [Product], readStart: Int) -> [Product] {
    let newer = latestFavoriteChange.filter { id, change in
      change > readStart || favoritesInFlight[id] != nil
    }
    guard !newer.isEmpty else { return fresh }
    let shown = Dictionary(
      list.value.filter { newer[$0.id] != nil }.map { ($0.id, $0.isFavorite) },
      uniquingKeysWith: { first, _ in first })
    return fresh.map { product in
      guard let isFavorite = shown[product.id] else { return product }
      var product = product
      product.isFavorite = isFavorite
      return product
    }
  }

  private func update(_ id: Int, _ change: (inout Product) -> Void) {
    var products = list.value
    if let index = products.firstIndex(where: { $0.id == id }) {
      change(&products[index])
      list.accept(products)
    }
    if var product = extras.value[id] {
      change(&product)
      var others = extras.value
      others[id] = product
      extras.accept(others)
    }
  }

  /// The cache is a convenience: a failed write leaves the app working without it.
  private func saveToCache() {
    try? cache?.replaceCache(with: list.value)
  }
}
