import Networking
import Uniflow
import WikipediaSearchCore

/// Answers every search with the same publisher and keeps the words it was asked for.
///
/// `@unchecked Sendable`: `searchedWords` is read and written under `lock` only.
public final class MockWikipediaAPI: WikipediaAPI, @unchecked Sendable {
  private let results: AnyPublisher<[WikipediaPage], APIError>
  private let lock = Lock()
  private var words: [String] = []

  public init(results: AnyPublisher<[WikipediaPage], APIError>) {
    self.results = results
  }

  public var searchedWords: [String] { lock.withLock { words } }

  public func search(from word: String) -> AnyPublisher<[WikipediaPage], APIError> {
    lock.withLock { words.append(word) }
    return results
  }
}
