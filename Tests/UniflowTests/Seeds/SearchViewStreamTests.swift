import Testing
import Uniflow

// The seed's two tests, then the API stream itself.
@Suite struct SearchViewStreamTests {
  private let stream: SearchViewStream
  private let mock: MockSearchAPIStream

  init() {
    self.mock = MockSearchAPIStream()
    self.stream = SearchViewStream(searchAPIStream: mock)
  }

  @Test func input_search_is_called() {
    let expected = "test-search-text"
    let searchTextStack = BehaviorRelay<String?>(value: nil)

    let disposable = mock._input.search
      .bind(to: searchTextStack)

    stream.input.search(expected)

    #expect(expected == searchTextStack.value)

    disposable.cancel()
  }

  @Test func output_recieving_repositories() {
    let expected = [Repository(name: "apple/swift")]
    let repositoriesStack = BehaviorRelay<[Repository]?>(value: nil)

    let disposable = stream.output.repositories
      .bind(to: repositoriesStack)

    mock._outputRepositories.accept(expected)

    #expect(expected == repositoriesStack.value)
    #expect(stream.output.repositories.value == expected)

    disposable.cancel()
  }

  @Test func output_error_comes_from_the_api_stream() {
    var errors: [TestError] = []
    let disposable = stream.output.error.sink { errors.append($0 as! TestError) }
    mock._outputError.accept(TestError(code: 7))
    #expect(errors == [TestError(code: 7)])
    disposable.cancel()
  }
}

@Suite struct SearchAPIStreamTests {
  @Test func aFailedSearchGoesToErrorAndTheNextSearchStillWorks() {
    let stream = SearchAPIStream { query in
      query == "fail"
        ? Fail(error: TestError(code: 500)).eraseToAnyPublisher()
        : Just([Repository(name: query)]).setFailureType(to: (any Error).self)
          .eraseToAnyPublisher()
    }
    var repositories: [[Repository]] = []
    var errors: [TestError] = []
    let bag = CancelBag()
    stream.output.repositories.sink { repositories.append($0) }.disposed(by: bag)
    stream.output.error.sink { errors.append($0 as! TestError) }.disposed(by: bag)

    stream.input.search("fail")
    stream.input.search("swift")

    #expect(errors == [TestError(code: 500)])
    #expect(repositories == [[Repository(name: "swift")]])
  }

  @Test func aNewerSearchCancelsTheOlderOne() {
    let pending = PublishRelay<String>()
    var started: [String] = []
    let stream = SearchAPIStream { query in
      started.append(query)
      return pending.filter { $0 == query }.map { [Repository(name: $0)] }
        .setFailureType(to: (any Error).self).eraseToAnyPublisher()
    }
    var repositories: [[Repository]] = []
    let cancellable = stream.output.repositories.sink { repositories.append($0) }

    stream.input.search("old")
    stream.input.search("new")
    pending.accept("old")
    pending.accept("new")

    #expect(started == ["old", "new"])
    #expect(repositories == [[Repository(name: "new")]])
    cancellable.cancel()
  }
}
