import Foundation
import Networking
import ProductsCore
import Testing
import Uniflow
import UniflowTesting

/// What the products screens do at their edges: before anything happened, while a change
/// is on its way, after a failure. Written for the mutants `uniflow mutate` found alive.
@MainActor @Suite struct ProductScreensEdgeTests {
  let requester = MockProductRequester(catalog: makeProducts(45))
  let serverError = APIError.httpStatus(code: 500, message: "closed", retryAfter: nil)

  @Test func aListNobodyOpenedShowsNothingAndIsBusyWithNothing() {
    let list = ProductListViewModel(
      repository: MockProductRepository(), dependencies: AppDependency(logger: RecordingLogger()))
    #expect(list.products.isEmpty)
    #expect(!list.isLoading)
    #expect(!list.isLoadingMore)
    #expect(!list.isShowingCache)
    #expect(list.transitionItem == nil)
    #expect(list.error == nil)
  }

  @Test func aNextPageThatFailsSaysSoAndTheNextOneThatArrivesClearsIt() async {
    let repository = MockProductRepository()
    repository.newest = .success(makeProducts(10))
    let list = ProductListViewModel(
      repository: repository, dependencies: AppDependency(logger: RecordingLogger()))
    list.onAppear()
    await eventually("the first page") { list.products.count == 10 && !list.isLoading }
    let failure = ProductsError.network(APIErrorDescription(serverError))
    repository.nextPage = .failure(failure)
    list.didShowProduct(at: 9)
    #expect(list.isLoadingMore)
    await eventually("the failure") { list.error == failure && !list.isLoadingMore }
    repository.nextPage = .success(makeProducts(10, from: 11))
    list.didShowProduct(at: 9)
    await eventually("the page, and no error") {
      list.products.count == 20 && list.error == nil && !list.isLoadingMore
    }
  }

  @Test func aSecondTapWhileAFavouriteIsOnItsWayIsIgnoredAndTheVisitIsLogged() async throws {
    let repository = ProductRepository(requester: requester, cache: nil)
    try await repository.fetchNewestProducts()
    let logger = RecordingLogger()
    let detail = ProductDetailViewModel(
      product: makeProducts(3)[2], repository: repository,
      dependencies: AppDependency(logger: logger))
    let updating = Recorder<Bool>()
    let shown = Recorder<Product>()
    let cancellables = [
      detail.outputs.isUpdatingFavorite.sink { updating.append($0) },
      detail.outputs.product.sink { shown.append($0) },
    ]
    detail.inputs.onAppear()
    #expect(logger.tags == ["product_detail_appear_3"])
    requester.hold(.favorite(id: 3))
    detail.inputs.favoriteButtonDidTap()
    #expect(updating.values == [false, true])
    await eventually("the request to reach the server") {
      requester.waiting(.favorite(id: 3)) == 1
    }
    // Ignored: a change is on its way, so no second request and no second "updating".
    detail.inputs.favoriteButtonDidTap()
    requester.release(.favorite(id: 3))
    await eventually("saving to end") { updating.values.last == false }
    #expect(updating.values == [false, true, false])
    #expect(shown.values.last?.isFavorite == true)
    _ = cancellables
  }

  @Test func aDetailMadeFromAProductShowsItAtOnceUnlessTheRepositoryHasANewerOne() {
    let repository = MockProductRepository()
    var stored = makeProducts(3)[2]
    stored.isFavorite = true
    repository.list.accept([stored])
    var older = stored
    older.isFavorite = false
    let known = ProductDetailViewModel(
      product: older, repository: repository,
      dependencies: AppDependency(logger: RecordingLogger()))
    let unknown = ProductDetailViewModel(
      product: makeProducts(9)[8], repository: repository,
      dependencies: AppDependency(logger: RecordingLogger()))
    let shownKnown = Recorder<Product>()
    let shownUnknown = Recorder<Product>()
    let cancellables = [
      known.outputs.product.sink { shownKnown.append($0) },
      unknown.outputs.product.sink { shownUnknown.append($0) },
    ]
    #expect(shownKnown.values == [stored])
    #expect(shownUnknown.values == [makeProducts(9)[8]])
    _ = cancellables
  }

  @Test func aCreatorsPageThatCannotLoadShowsTheErrorAndALoadThatWorksClearsIt() async {
    let repository = ProductRepository(requester: requester, cache: nil)
    requester.fail(with: serverError)
    let tester = ReactorTester { CreatorProductsReactor(productID: 5, repository: repository) }
    tester.exhaustivity = .off
    tester.send(.appear)
    await eventually("the failure") {
      tester.reactor.currentState.error != nil && !tester.reactor.currentState.isLoading
    }
    #expect(tester.reactor.currentState.error?.description == "HTTP 500: closed")
    requester.fail(with: nil)
    tester.send(.appear)
    await eventually("the creator's products") {
      tester.reactor.currentState.error == nil && !tester.reactor.currentState.products.isEmpty
    }
    tester.skipInFlightEffects()
    await tester.finish()
  }
}
