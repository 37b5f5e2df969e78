import Foundation
import Networking
import ProductsCore
import Testing
import Uniflow
import UniflowTesting

/// A repository by protocol, answering from memory, for the view models' tests.
@MainActor
final class MockProductRepository: ProductRepositoryProtocol {
  let list = BehaviorRelay<[Product]>(value: [])
  let cached = BehaviorRelay<Bool>(value: false)
  var cache: [Product] = []
  var newest: Result<[Product], ProductsError> = .success([])
  var nextPage: Result<[Product], ProductsError> = .success([])
  var canLoadMore = true
  private(set) var calls: [String] = []

  var products: AnyPublisher<[Product], Never> { list.eraseToAnyPublisher() }
  var isShowingCache: AnyPublisher<Bool, Never> { cached.eraseToAnyPublisher() }

  func loadCache() {
    calls.append("loadCache")
    if list.value.isEmpty, !cache.isEmpty {
      list.accept(cache)
      cached.accept(true)
    }
  }

  func fetchNewestProducts() async throws(ProductsError) {
    calls.append("fetchNewestProducts")
    list.accept(try newest.get())
    cached.accept(false)
  }

  func fetchNextPage() async throws(ProductsError) {
    calls.append("fetchNextPage")
    list.accept(list.value + (try nextPage.get()))
  }

  func shouldPreDownload(displayedCount: Int) -> Bool {
    canLoadMore && displayedCount >= list.value.count - 2
  }

  func fetchProduct(id: Int) async throws(ProductsError) {
    calls.append("fetchProduct(\(id))")
  }

  func setFavorite(id: Int, isFavorite: Bool) async throws(ProductsError) {
    calls.append("setFavorite(\(id), \(isFavorite))")
  }

  nonisolated func product(id: Int) -> AnyPublisher<Product, Never> {
    list.compactMap { $0.first { $0.id == id } }.eraseToAnyPublisher()
  }

  nonisolated func creatorProducts(ofProduct id: Int) -> AnyPublisher<CreatorProducts?, Never> {
    list.map { list in
      list.first { $0.id == id }.map { product in
        CreatorProducts(
          creator: product.creator,
          products: list.filter { $0.creator == product.creator && $0.id != id })
      }
    }
    .eraseToAnyPublisher()
  }

  func fetchCreatorProducts(ofProduct id: Int) async throws(ProductsError) {
    calls.append("fetchCreatorProducts(\(id))")
  }
}

@MainActor @Suite struct ProductListViewModelTests {
  let repository = MockProductRepository()
  let logger = RecordingLogger()

  func viewModel() -> ProductListViewModel {
    ProductListViewModel(
      repository: repository,
      dependencies: AppDependency(logger: logger, appUser: AppUser(name: "Aoi")))
  }

  @Test func appearingShowsTheCacheThenTheFirstPage() async {
    repository.cache = makeProducts(2)
    repository.newest = .success(makeProducts(5))
    let viewModel = viewModel()
    viewModel.onAppear()
    await eventually("the first page") { viewModel.products.count == 5 && !viewModel.isLoading }
    #expect(repository.calls == ["loadCache", "fetchNewestProducts"])
    #expect(!viewModel.isShowingCache)
    #expect(logger.tags == ["product_list_appear"])
    #expect(viewModel.greeting == "Hello, Aoi")
  }

  @Test func anErrorKeepsTheListAndTheNextSuccessClearsIt() async {
    repository.newest = .success(makeProducts(3))
    let viewModel = viewModel()
    viewModel.onAppear()
    await eventually("the list") { viewModel.products.count == 3 && !viewModel.isLoading }
    let failure = ProductsError.network(
      APIErrorDescription(APIError.httpStatus(code: 500, message: nil, retryAfter: nil)))
    repository.newest = .failure(failure)
    viewModel.refresh()
    await eventually("the error") { viewModel.error == failure && !viewModel.isLoading }
    #expect(viewModel.products.count == 3)
    repository.newest = .success(makeProducts(4))
    viewModel.refresh()
    await eventually("the error to clear") {
      viewModel.error == nil && viewModel.products.count == 4
    }
  }

  @Test func showingARowNearTheEndLoadsTheNextPage() async {
    repository.newest = .success(makeProducts(10))
    repository.nextPage = .success(makeProducts(10, from: 11))
    let viewModel = viewModel()
    viewModel.onAppear()
    await eventually("the first page") { viewModel.products.count == 10 }
    viewModel.didShowProduct(at: 3)
    #expect(!repository.calls.contains("fetchNextPage"))
    viewModel.didShowProduct(at: 8)
    await eventually("the second page") {
      viewModel.products.count == 20 && !viewModel.isLoadingMore
    }
  }

  @Test func tappingAProductSetsTheTransitionItem() {
    let viewModel = viewModel()
    let product = makeProducts(1)[0]
    viewModel.didTapProduct(product)
    #expect(viewModel.transitionItem == product)
    #expect(logger.tags == ["product_tap_1"])
  }
}

/// The two screens over one real repository: what one changes, the other shows.
@MainActor @Suite struct SharedRepositoryTests {
  let requester = MockProductRequester(catalog: makeProducts(45))

  @Test func aFavouriteSetOnTheDetailScreenShowsOnTheListWithNoFetch() async throws {
    let repository = ProductRepository(requester: requester, cache: nil)
    let list = ProductListViewModel(
      repository: repository, dependencies: AppDependency(logger: RecordingLogger()))
    list.onAppear()
    await eventually("the first page") { list.products.count == 20 }
    let detail = ProductDetailViewModel(
      product: list.products[4], repository: repository,
      dependencies: AppDependency(logger: RecordingLogger()))
    let shown = Recorder<Product>()
    let cancellable = detail.outputs.product.sink { shown.append($0) }
    detail.inputs.favoriteButtonDidTap()
    await eventually("the list to show the favourite") { list.products[4].isFavorite }
    await eventually("the detail screen too") { shown.values.last?.isFavorite == true }
    #expect(requester.pages == [1])
    cancellable.cancel()
  }

  @Test func aProductTheServerNoLongerHasIsAnErrorOnTheDetailScreen() async throws {
    let repository = ProductRepository(requester: requester, cache: nil)
    let gone = Product(id: 999, name: "Sold out", price: 1, creator: "Nobody")
    let detail = ProductDetailViewModel(
      product: gone, repository: repository, dependencies: AppDependency(logger: RecordingLogger()))
    let errors = Recorder<ProductsError>()
    let cancellable = detail.outputs.error.sink { errors.append($0) }
    detail.inputs.onAppear()
    await eventually("the error") { errors.values.count == 1 }
    #expect(errors.values.first?.description == "HTTP 404: Not Found")
    cancellable.cancel()
  }

  @Test func openingAProductLoadsItAgainIntoTheSharedList() async throws {
    let repository = ProductRepository(requester: requester, cache: nil)
    let list = ProductListViewModel(
      repository: repository, dependencies: AppDependency(logger: RecordingLogger()))
    list.onAppear()
    await eventually("the first page") { list.products.count == 20 }
    // The server changed product 3 since the list was loaded.
    _ = try await requester.setFavorite(id: 3, isFavorite: true)
    let detail = ProductDetailViewModel(
      product: list.products[2], repository: repository,
      dependencies: AppDependency(logger: RecordingLogger()))
    detail.inputs.onAppear()
    await eventually("both screens to show the server's product") { list.products[2].isFavorite }
  }

  @Test func aRefusedFavouriteGoesBackOnBothScreensWithTheError() async throws {
    let repository = ProductRepository(requester: requester, cache: nil)
    let list = ProductListViewModel(
      repository: repository, dependencies: AppDependency(logger: RecordingLogger()))
    list.onAppear()
    await eventually("the first page") { list.products.count == 20 }
    requester.failFavorites(with: .httpStatus(code: 500, message: "closed", retryAfter: nil))
    let detail = ProductDetailViewModel(
      product: list.products[0], repository: repository,
      dependencies: AppDependency(logger: RecordingLogger()))
    let shown = Recorder<Product>()
    let errors = Recorder<ProductsError>()
    let updating = Recorder<Bool>()
    let cancellables = [
      detail.outputs.product.sink { shown.append($0) },
      detail.outputs.error.sink { errors.append($0) },
      detail.outputs.isUpdatingFavorite.sink { updating.append($0) },
    ]
    detail.inputs.favoriteButtonDidTap()
    await eventually("the error") { errors.values.count == 1 }
    await eventually("saving to end") { updating.values.last == false }
    #expect(shown.values.map(\.isFavorite) == [false, true, false])
    #expect(!list.products[0].isFavorite)
    #expect(errors.values.first?.description == "HTTP 500: closed")
    _ = cancellables
  }
}
