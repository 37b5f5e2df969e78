import Foundation
import GitHubSearchCore
import NetworkTestSupport
import Networking
import Testing
import Uniflow
import UniflowTesting

/// The Unio article's two tests of `SearchViewStream`, in the article's shape: each output is
/// bound to a `BehaviorRelay` "stack" and its last value compared. The app's stream
/// debounces, so the test scheduler is advanced past the debounce first. The article names
/// them `testInput_search_is_called` and `testOutput_recieving_repositories`.
@Suite struct SearchViewStreamSeedTests {
  private let scheduler = VirtualTimeScheduler()
  private let stream: SearchViewStream
  private let mock: MockSearchAPIStream

  init() {
    mock = MockSearchAPIStream()
    stream = SearchViewStream(
      searchAPIStream: mock, scheduler: scheduler.scheduler.eraseToAnyScheduler(),
      debounce: .seconds(1))
  }

  @Test func typedTextReachesTheAPIStreamsSearchInput() {
    let expected = "test-search-text"
    let searchTextStack = BehaviorRelay<String?>(value: nil)

    let disposable = mock._input.search
      .map(Optional.some)
      .bind(to: searchTextStack)

    stream.input.searchText(expected)
    scheduler.advance(by: 2)

    #expect(expected == searchTextStack.value)

    disposable.cancel()
  }

  @Test func repositoriesFromTheAPIStreamReachTheOutput() {
    let expected = [
      GitHubRepository(
        id: 1, fullName: "apple/swift", description: nil, stargazersCount: 1, language: nil,
        htmlURL: URL(string: "https://github.com/apple/swift")!)
    ]
    let repositoriesStack = BehaviorRelay<[GitHubRepository]?>(value: nil)

    let disposable = stream.output.publishers.repositories
      .map(Optional.some)
      .bind(to: repositoriesStack)

    mock._outputRepositories.accept(expected)
    scheduler.advance(by: 1)

    #expect(expected == repositoriesStack.value)

    disposable.cancel()
  }
}
