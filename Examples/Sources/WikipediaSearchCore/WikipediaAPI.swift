import Foundation
import Networking
import Uniflow

/// `GET /w/api.php?action=query&list=search&srsearch=…&format=json`.
public struct WikipediaSearchEndpoint: Endpoint {
  public typealias Response = WikipediaSearchResponse

  public let word: String

  public init(word: String) {
    self.word = word
  }

  public var path: String { "/w/api.php" }
  public var queryItems: [URLQueryItem] {
    [
      URLQueryItem(name: "action", value: "query"),
      URLQueryItem(name: "list", value: "search"),
      URLQueryItem(name: "srsearch", value: word),
      URLQueryItem(name: "format", value: "json"),
    ]
  }
}

/// The RxSwift original's API protocol: the view model depends on this, tests on a mock
/// (`MockWikipediaAPI` in the tests' support target).
public protocol WikipediaAPI: Sendable {
  func search(from word: String) -> AnyPublisher<[WikipediaPage], APIError>
}

/// The API over URLSession, through an ``APIClientProtocol``.
public struct WikipediaDefaultAPI: WikipediaAPI {
  public static let defaultBaseURL = URL(string: "https://ja.wikipedia.org")!

  private let apiClient: any APIClientProtocol

  public init(apiClient: any APIClientProtocol = APIClient(baseURL: Self.defaultBaseURL)) {
    self.apiClient = apiClient
  }

  public func search(from word: String) -> AnyPublisher<[WikipediaPage], APIError> {
    apiClient.request(endpoint: WikipediaSearchEndpoint(word: word))
      .map(\.query.search)
      .eraseToAnyPublisher()
  }
}
