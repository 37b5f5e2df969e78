import Foundation
import Networking

/// `GET /search/repositories?q=…`.
public struct SearchRepositoriesEndpoint: Endpoint {
  public typealias Response = SearchRepositoriesResponse

  public let query: String
  public let perPage: Int

  public init(query: String, perPage: Int = 30) {
    self.query = query
    self.perPage = perPage
  }

  public var path: String { "/search/repositories" }
  public var queryItems: [URLQueryItem] {
    [URLQueryItem(name: "q", value: query), URLQueryItem(name: "per_page", value: "\(perPage)")]
  }
  public var headers: [String: String] { ["Accept": "application/vnd.github+json"] }
}

/// The GitHub requests the search screen makes, as `async` calls; tests give the stream a
/// mock. A cancelled task cancels its request.
public protocol GitHubSearchRequesterProtocol: Sendable {
  func searchRepositories(query: String) async throws(APIError) -> SearchRepositoriesResponse
}

/// The requester over an ``APIClientProtocol``.
public struct GitHubSearchRequester: GitHubSearchRequesterProtocol {
  public static let defaultBaseURL = URL(string: "https://api.github.com")!

  private let apiClient: any APIClientProtocol

  public init(apiClient: any APIClientProtocol = APIClient(baseURL: Self.defaultBaseURL)) {
    self.apiClient = apiClient
  }

  public func searchRepositories(query: String) async throws(APIError)
    -> SearchRepositoriesResponse
  {
    try await apiClient.response(for: SearchRepositoriesEndpoint(query: query))
  }
}
