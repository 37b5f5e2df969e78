import Networking
import Uniflow
import WikipediaSearchCore

/// Answers every search with the same publisher and keeps the words it was asked for.
///
/// `@unchecked Sendable` because `AnyPublisher` is not Sendable; it never changes, and the
/// words are reached only through their lock.
public final class MockWikipediaAPI: WikipediaAPI, @unchecked Sendable {
  private let results: AnyPublisher<[WikipediaPage], APIError>
  private let words = Locked<[String]>([])

  public init(results: AnyPublisher<[WikipediaPage], APIError>) {
    self.results = results
  }

  public var searchedWords: [String] { words.withLock { $0 } }

  public func search(from word: String) -> AnyPublisher<[WikipediaPage], APIError> {
    words.withLock { $0.append(word) }
    return results
  }
}
