import FixtureServer
import Foundation
import Networking
import NetworkTestSupport
import Testing
import Uniflow
import UniflowTesting
import WikipediaSearchCore

@Suite struct WikipediaSearchVirtualTimeTests {
  let scheduler = VirtualTimeScheduler()
  let disposeBag = DisposeBag()

  @Test func wordsShorterThanThreeCharactersAreNeverSearched() {
    let page = WikipediaPage(title: "スイフト", pageid: 499755)
    let api = MockWikipediaAPI(
      results: Just([page]).setFailureType(to: APIError.self).eraseToAnyPublisher())
    let words = scheduler.createHotPublisher([
      Recorded<String, Never>.next(1, "S"), .next(2, "Sw"), .next(3, "Swi"), .next(4, "Sw"),
    ])
    let viewModel = WikipediaSearchViewModel(searchWord: words.eraseToAnyPublisher(), api: api)
    let pages = scheduler.createObserver([WikipediaPage].self)
    let loading = scheduler.createObserver(Bool.self)
    viewModel.wikipediaPages.bind(to: pages).disposed(by: disposeBag)
    viewModel.isLoading.bind(to: loading).disposed(by: disposeBag)

    scheduler.start()
    #expect(pages.events == [.next(3, [page])])
    #expect(loading.events == [.next(3, true), .next(3, false)])
    #expect(api.searchedWords == ["Swi"])
    #expect(page.url.absoluteString == "https://ja.wikipedia.org/w/index.php?curid=499755")
  }
}

@Suite(.serialized) struct WikipediaSearchServerTests {
  let words = PublishRelay<String>()
  let pages = Recorder<[WikipediaPage]>()
  let errors = Recorder<APIError>()
  let bag = CancelBag()

  func start(_ server: FixtureServer) -> WikipediaSearchViewModel {
    let api = WikipediaDefaultAPI(apiClient: APIClient(baseURL: server.baseURL, timeout: 5))
    let viewModel = WikipediaSearchViewModel(searchWord: words.eraseToAnyPublisher(), api: api)
    viewModel.wikipediaPages.sink { [pages] in pages.append($0) }.disposed(by: bag)
    viewModel.error.sink { [errors] in errors.append($0) }.disposed(by: bag)
    return viewModel
  }

  @Test func noRequestLeavesForAWordShorterThanThreeCharacters() async throws {
    let server = try await FixtureServer.start()
    let viewModel = start(server)
    words.accept("S")
    words.accept("Sw")
    words.accept("Swi")
    await eventually("the pages") { pages.values.count == 1 }
    #expect(await server.requests.map { $0.query["srsearch"] } == ["Swi"])
    _ = viewModel
    await server.stop()
  }

  @Test func anErrorGoesToErrorAndPagesCarryOn() async throws {
    let server = try await FixtureServer.start()
    let viewModel = start(server)
    words.accept("servererror")
    await eventually("the error") { errors.values.count == 1 }
    #expect(
      errors.values == [.httpStatus(code: 500, message: "upstream exploded", retryAfter: nil)])
    words.accept("wrongshape")
    await eventually("the decoding error") { errors.values.count == 2 }
    #expect(
      errors.values.last == .decoding(path: "query.search[0].pageid", message: "the key is missing")
    )
    words.accept("swift")
    await eventually("the pages") { pages.values.count == 1 }
    #expect(pages.values[0].map(\.pageid) == [2945931, 499755, 1072545])
    #expect(
      pages.values[0][1].url.absoluteString == "https://ja.wikipedia.org/w/index.php?curid=499755")
    _ = viewModel
    await server.stop()
  }

  @Test func aNewerWordCancelsTheOlderRequest() async throws {
    let server = try await FixtureServer.start()
    let viewModel = start(server)
    words.accept("trickleswift")
    await eventually("the first request") { await server.requests.count == 1 }
    words.accept("uniflow")
    await eventually("the newer pages") { pages.values.count == 1 }
    try await Task.sleep(for: .seconds(3))
    #expect(await server.requests.map(\.finishedSending) == [false, true])
    #expect(pages.values.map { $0.map(\.title) } == [["一方向データフロー"]])
    _ = viewModel
    await server.stop()
  }
}
