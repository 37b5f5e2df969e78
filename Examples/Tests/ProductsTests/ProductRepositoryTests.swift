import Foundation

#if canImport(Glibc)
  import Glibc
#endif
import GRDB
import Networking
import ProductsCore
import Testing
import TodoTestSupport
import Uniflow
import UniflowTesting

@MainActor @Suite struct ProductRepositoryTests {
  let requester = MockProductRequester(catalog: makeProducts(45))

  func repository(cache: (any ProductDatabaseProtocol)? = nil) -> ProductRepository {
    ProductRepository(requester: requester, cache: cache, pageSize: 20, preloadDistance: 5)
  }

  func current(_ repository: ProductRepository) -> [Product] {
    var value: [Product] = []
    _ = repository.products.sink { value = $0 }
    return value
  }

  @Test func aProductNoPageHoldsIsKeptBesideTheListAndShownToItsScreens() async throws {
    let repository = repository()
    try await repository.fetchNewestProducts()
    let shown = Recorder<Product>()
    let following = repository.product(id: 40).sink(receiveValue: shown.append)
    #expect(shown.values.isEmpty)
    try await repository.fetchProduct(id: 40)
    #expect(shown.values.map(\.id) == [40])
    #expect(!current(repository).contains { $0.id == 40 })  // the list is as it was
    try await repository.setFavorite(id: 40, isFavorite: true)
    #expect(shown.values.map(\.isFavorite) == [false, true])
    following.cancel()
  }

  @Test func aCreatorsProductsComeFromTheServerAndFollowEveryChange() async throws {
    let repository = repository()
    try await repository.fetchNewestProducts()
    let found = Recorder<CreatorProducts?>()
    let following = repository.creatorProducts(ofProduct: 4).sink(receiveValue: found.append)
    #expect(found.last??.creator == "Maker 1")
    #expect(found.last??.products.map(\.id) == [1, 7, 10, 13, 16, 19])
    try await repository.fetchCreatorProducts(ofProduct: 4)
    let all = makeProducts(45).filter { $0.creator == "Maker 1" && $0.id != 4 }.map(\.id)
    #expect(found.last??.products.map(\.id) == all)
    try await repository.setFavorite(id: 43, isFavorite: true)
    #expect(found.last??.products.first { $0.id == 43 }?.isFavorite == true)
    following.cancel()
  }

  @Test func aCreatorFromALinkLoadsItsProductFirst() async throws {
    let repository = repository()
    try await repository.fetchCreatorProducts(ofProduct: 8)
    let found = Recorder<CreatorProducts?>()
    let following = repository.creatorProducts(ofProduct: 8).sink(receiveValue: found.append)
    #expect(found.last??.creator == "Maker 2")
    #expect(found.last??.products.count == 14)
    #expect(requester.pages.isEmpty)
    following.cancel()
  }

  @Test func pagesAppendUntilAShortPageEndsPaging() async throws {
    let repository = repository()
    try await repository.fetchNewestProducts()
    #expect(current(repository).count == 20)
    #expect(!repository.shouldPreDownload(displayedCount: 10))
    #expect(repository.shouldPreDownload(displayedCount: 15))
    try await repository.fetchNextPage()
    try await repository.fetchNextPage()
    #expect(current(repository).map(\.id) == Array(1...45))
    #expect(!repository.canLoadMore)
    try await repository.fetchNextPage()
    #expect(requester.pages == [1, 2, 3])
  }

  @Test func thePageInFlightIsNeverRequestedTwice() async throws {
    let repository = repository()
    try await repository.fetchNewestProducts()
    requester.hold(.page(2))
    let first = Task { try await repository.fetchNextPage() }
    await eventually("page 2 to be requested") { requester.waiting(.page(2)) == 1 }
    #expect(!repository.shouldPreDownload(displayedCount: 20))
    try await repository.fetchNextPage()  // returns at once: page 2 is on its way
    requester.release(.page(2))
    try await first.value
    #expect(requester.pages == [1, 2])
    #expect(current(repository).count == 40)
  }

  @Test func aPageThatArrivesAfterARefreshStartedIsDropped() async throws {
    let repository = repository()
    try await repository.fetchNewestProducts()
    requester.hold(.page(2))
    let stale = Task { try await repository.fetchNextPage() }
    await eventually("page 2 to be requested") { requester.waiting(.page(2)) == 1 }
    try await repository.fetchNewestProducts()
    requester.release(.page(2))
    try await stale.value
    #expect(current(repository).map(\.id) == Array(1...20))
    // Paging goes on from the refreshed list.
    try await repository.fetchNextPage()
    #expect(current(repository).map(\.id) == Array(1...40))
  }

  @Test func anUnreachableServerShowsTheCacheAndSaysSo() async throws {
    let cache = MemoryCache(makeProducts(3))
    let repository = repository(cache: cache)
    requester.fail(with: .transport(code: .cannotConnectToHost, message: "refused"))
    repository.loadCache()
    await #expect(throws: ProductsError.self) { try await repository.fetchNewestProducts() }
    #expect(current(repository).count == 3)
    var showingCache = false
    _ = repository.isShowingCache.sink { showingCache = $0 }
    #expect(showingCache)
    #expect(!repository.canLoadMore)

    requester.fail(with: nil)
    try await repository.fetchNewestProducts()
    _ = repository.isShowingCache.sink { showingCache = $0 }
    #expect(!showingCache)
    #expect(cache.products.count == 20)
  }

  @Test func aRefusedFavouriteGoesBackAndTheErrorIsThrown() async throws {
    let repository = repository()
    try await repository.fetchNewestProducts()
    try await repository.setFavorite(id: 3, isFavorite: true)
    #expect(current(repository)[2].isFavorite)
    requester.failFavorites(with: .httpStatus(code: 500, message: "no", retryAfter: nil))
    await #expect(throws: ProductsError.self) {
      try await repository.setFavorite(id: 3, isFavorite: false)
    }
    #expect(current(repository)[2].isFavorite)
  }

  @Test func aReadThatStartedBeforeAFavouriteDoesNotUndoIt() async throws {
    let repository = repository()
    try await repository.fetchNewestProducts()
    requester.hold(.product(id: 3))
    requester.hold(.page(1))
    let reload = Task { try await repository.fetchProduct(id: 3) }
    let refresh = Task { try await repository.fetchNewestProducts() }
    await eventually("both reads to be answered") {
      requester.waiting(.product(id: 3)) == 1 && requester.waiting(.page(1)) == 1
    }
    // Both answers say "not a favourite"; the favourite is set while they travel.
    try await repository.setFavorite(id: 3, isFavorite: true)
    requester.release(.product(id: 3))
    try await reload.value
    #expect(current(repository)[2].isFavorite)
    requester.release(.page(1))
    try await refresh.value
    #expect(current(repository)[2].isFavorite)
    // A read that starts after the change brings the server's flag again.
    try await repository.fetchProduct(id: 3)
    #expect(current(repository)[2].isFavorite)
  }

  @Test func aReadThatLandsWhileAFavouriteIsOnItsWayDoesNotUndoIt() async throws {
    let repository = repository()
    try await repository.fetchNewestProducts()
    requester.holdRequest(.favorite(id: 3))
    let favourite = Task { try await repository.setFavorite(id: 3, isFavorite: true) }
    await eventually("the favourite to be sent") { requester.waiting(.favorite(id: 3)) == 1 }
    // The server has not seen the favourite yet: this read says "not a favourite".
    try await repository.fetchProduct(id: 3)
    #expect(current(repository)[2].isFavorite)
    requester.release(.favorite(id: 3))
    try await favourite.value
    #expect(current(repository)[2].isFavorite)
  }

  @Test func theLastFavouriteTappedWinsWhateverOrderTheAnswersComeIn() async throws {
    let repository = repository()
    try await repository.fetchNewestProducts()
    requester.hold(.favorite(id: 3))
    let on = Task { try await repository.setFavorite(id: 3, isFavorite: true) }
    await eventually("the first tap to reach the server") {
      requester.waiting(.favorite(id: 3)) == 1
    }
    let off = Task { try await repository.setFavorite(id: 3, isFavorite: false) }
    await eventually("the second tap to reach the server") {
      requester.waiting(.favorite(id: 3)) == 2
    }
    #expect(!current(repository)[2].isFavorite)
    requester.release(.favorite(id: 3), newestFirst: true)
    try await off.value
    try await on.value
    #expect(!current(repository)[2].isFavorite)
  }

  @Test func quittingWaitsForTheFavouritesOnTheirWay() async throws {
    let repository = repository()
    try await repository.fetchNewestProducts()
    await repository.finishPendingChanges()  // nothing pending: returns at once
    requester.hold(.favorite(id: 3))
    requester.hold(.favorite(id: 4))
    let three = Task { try await repository.setFavorite(id: 3, isFavorite: true) }
    let four = Task { try await repository.setFavorite(id: 4, isFavorite: true) }
    await eventually("both to be sent") {
      requester.waiting(.favorite(id: 3)) == 1 && requester.waiting(.favorite(id: 4)) == 1
    }
    #expect(repository.hasPendingChanges)
    let finished = Recorder<Bool>()
    let waiter = Task {
      await repository.finishPendingChanges()
      finished.append(true)
    }
    requester.release(.favorite(id: 3))
    try await three.value
    try await Task.sleep(for: .milliseconds(50))
    #expect(finished.values.isEmpty)  // product 4 is still on its way
    requester.release(.favorite(id: 4))
    try await four.value
    await waiter.value
    #expect(finished.values == [true])
    #expect(!repository.hasPendingChanges)
  }

  @Test func aRefusedFavouriteGoesBackToWhatItWasNotToItsOpposite() async throws {
    let repository = repository()
    try await repository.fetchNewestProducts()
    try await repository.setFavorite(id: 3, isFavorite: true)
    requester.failFavorites(with: .httpStatus(code: 503, message: "busy", retryAfter: nil))
    await #expect(throws: ProductsError.self) {
      try await repository.setFavorite(id: 3, isFavorite: true)
    }
    #expect(current(repository)[2].isFavorite)
  }

  @Test func theCacheIsARealSQLiteFileThatSurvivesAReopen() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("cache.sqlite")
    do {
      let repository = repository(cache: try ProductDatabase.open(at: path))
      try await repository.fetchNewestProducts()
      try await repository.setFavorite(id: 2, isFavorite: true)
    }
    let reopened = try ProductDatabase.open(at: path)
    let cached = try reopened.cachedProducts()
    #expect(cached.count == 20)
    #expect(cached[1].isFavorite)
  }

  @Test func aCorruptOrNewerCacheIsRefusedAndNotOverwritten() throws {
    let directory = try TemporaryDirectory()
    let corrupt = directory.path("corrupt.sqlite")
    let garbage = Data("not a database at all".utf8)
    try garbage.write(to: URL(fileURLWithPath: corrupt))
    #expect(throws: ProductsError.self) { try ProductDatabase.open(at: corrupt) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: corrupt)) == garbage)

    let newer = directory.path("newer.sqlite")
    _ = try ProductDatabase.open(at: newer)
    let queue = try DatabaseQueue(path: newer)
    try queue.write { db in
      try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9: from the future')")
    }
    try queue.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: newer))
    #expect {
      try ProductDatabase.open(at: newer)
    } throws: { error in
      (error as? ProductsError)?.description.contains("newer version") == true
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: newer)) == before)
  }

  @Test func aFIFOAFolderAnEmptyPathOrAnotherProgramsDatabaseIsRefusedUntouched() throws {
    let directory = try TemporaryDirectory()
    let fifo = directory.path("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    for path in [fifo, directory.path(""), ""] {
      #expect(throws: ProductsError.self, "\(path)") { try ProductDatabase.open(at: path) }
    }
    let other = directory.path("contacts.sqlite")
    let queue = try DatabaseQueue(path: other)
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE contact (name TEXT); INSERT INTO contact VALUES ('Ann')")
    }
    try queue.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: other))
    #expect {
      try ProductDatabase.open(at: other)
    } throws: { error in
      (error as? ProductsError)?.description.contains("another program's database") == true
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before)
  }
}
