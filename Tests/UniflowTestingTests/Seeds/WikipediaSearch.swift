import Foundation
import Uniflow

// Seed 002, ported: Observable is spelled AnyPublisher, flatMapLatest is
// map + switchToLatest, nothing else is renamed.

struct WikipediaSearchResponse: Decodable {
  let query: Query

  struct Query: Decodable {
    let search: [WikipediaPage]
  }
}

struct WikipediaPage: Decodable, Equatable, Sendable {
  let title: String
  let pageid: Int

  var url: URL {
    URL(string: "https://ja.wikipedia.org/w/index.php?curid=\(pageid)")!
  }
}

protocol WikipediaAPI {
  func search(from word: String) -> AnyPublisher<[WikipediaPage], any Error>
}

final class WikipediaSearchViewModel {
  let wikipediaPages: AnyPublisher<[WikipediaPage], Never>
  let error: AnyPublisher<any Error, Never>

  init(searchWord: AnyPublisher<String, Never>, wikipediaAPI: any WikipediaAPI) {
    let results =
      searchWord
      .filter { 3 <= $0.count }
      .map {
        wikipediaAPI.search(from: $0)
          .materialize()
      }
      .switchToLatest()
      .share()

    wikipediaPages =
      results
      .compactMap(\.element)
      .eraseToAnyPublisher()

    error =
      results
      .compactMap(\.error)
      .eraseToAnyPublisher()
  }
}

final class MockWikipediaAPI: WikipediaAPI, @unchecked Sendable {
  private let results: AnyPublisher<[WikipediaPage], any Error>
  // Read and written on the test's thread only.
  private(set) var searchedWords: [String] = []

  init(results: AnyPublisher<[WikipediaPage], any Error>) {
    self.results = results
  }

  func search(from word: String) -> AnyPublisher<[WikipediaPage], any Error> {
    searchedWords.append(word)
    return results
  }
}
