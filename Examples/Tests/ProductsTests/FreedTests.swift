import Foundation
import ProductsCore
import Testing
import UniflowTesting

/// Seed 001's screens and their shared repository are freed once the app lets go of them,
/// and close their subscriptions to the repository: nothing outlives a screen.
@MainActor @Suite struct FreedTests {
  let requester = MockProductRequester(catalog: makeProducts(45))

  @Test func theListScreenIsFreedAfterItLoaded() async {
    let repository = ProductRepository(requester: requester, cache: nil)
    await expectFreed {
      ProductListViewModel(
        repository: repository, dependencies: AppDependency(logger: RecordingLogger()))
    } after: { list in
      list.onAppear()
      await eventually("the first page") { list.products.count == 20 }
    }
  }

  @Test func theDetailScreenIsFreedAfterAFavourite() async {
    let repository = ProductRepository(requester: requester, cache: nil)
    let product = makeProducts(1)[0]
    await expectFreed {
      ProductDetailViewModel(
        product: product, repository: repository,
        dependencies: AppDependency(logger: RecordingLogger()))
    } after: { detail in
      detail.inputs.favoriteButtonDidTap()
      await repository.finishPendingChanges()
    }
  }

  @Test func theRepositoryIsFreedWithNoChangeOnItsWay() async {
    await expectFreed {
      ProductRepository(requester: requester, cache: nil)
    } after: { repository in
      try? await repository.fetchNewestProducts()
      try? await repository.fetchNextPage()
    }
  }
}
