import Foundation
import Testing
import UniflowTesting

@Suite struct WikipediaSearchViewModelTests {
  let scheduler = VirtualTimeScheduler()
  let disposeBag = DisposeBag()

  @Test func onlyTheThreeCharacterWordReachesTheAPIAndTheOutput() throws {
    let searchWord = scheduler.createHotPublisher([
      Recorded<String, Never>.next(1, "S"),  // one character: must not reach the output
      Recorded.next(2, "Sw"),  // two characters: must not reach the output
      Recorded.next(3, "Swi"),
    ])

    let json = "{\"pageid\": 499755, \"title\": \"スイフト\"}"
    let wikipediaPage = try JSONDecoder().decode(
      WikipediaPage.self,
      from: json.data(using: .utf8)!
    )

    let api = MockWikipediaAPI(
      results: Just([wikipediaPage]).setFailureType(to: (any Error).self).eraseToAnyPublisher())
    let viewModel = WikipediaSearchViewModel(
      searchWord: searchWord.eraseToAnyPublisher(),
      wikipediaAPI: api
    )

    let observer = scheduler.createObserver([WikipediaPage].self)

    viewModel.wikipediaPages
      .bind(to: observer)
      .disposed(by: disposeBag)

    let expectedEvents: [Recorded<[WikipediaPage], Never>] = [
      .next(3, [wikipediaPage])
    ]

    scheduler.start()
    #expect(observer.events == expectedEvents)
    #expect(api.searchedWords == ["Swi"])
    #expect(wikipediaPage.url.absoluteString == "https://ja.wikipedia.org/w/index.php?curid=499755")
  }

  @Test func anAPIErrorGoesToErrorAndLaterSearchesStillReachThePages() {
    let page = WikipediaPage(title: "Swift", pageid: 1)
    let searchWord = scheduler.createHotPublisher([
      Recorded<String, Never>.next(1, "fail"),
      .next(2, "Swift"),
    ])
    let api = FailingOnceAPI(page: page)
    let viewModel = WikipediaSearchViewModel(
      searchWord: searchWord.eraseToAnyPublisher(), wikipediaAPI: api)
    let pages = scheduler.createObserver([WikipediaPage].self)
    let errors = scheduler.createObserver(String.self)
    viewModel.wikipediaPages.bind(to: pages).disposed(by: disposeBag)
    viewModel.error.map { "\(type(of: $0))" }.bind(to: errors).disposed(by: disposeBag)

    scheduler.start()

    #expect(pages.events == [.next(2, [page])])
    #expect(errors.events == [.next(1, "Down")])
  }
}

/// Fails for the word "fail", answers with one page otherwise.
private struct FailingOnceAPI: WikipediaAPI {
  struct Down: Error {}
  let page: WikipediaPage

  func search(from word: String) -> AnyPublisher<[WikipediaPage], any Error> {
    word == "fail"
      ? Fail(error: Down()).eraseToAnyPublisher()
      : Just([page]).setFailureType(to: (any Error).self).eraseToAnyPublisher()
  }
}
