import Foundation

/// A repository as GitHub's search returns it (the fields the screen shows).
public struct GitHubRepository: Codable, Equatable, Hashable, Sendable, Identifiable {
  public let id: Int
  public let fullName: String
  public let description: String?
  public let stargazersCount: Int
  public let language: String?
  public let htmlURL: URL

  public init(
    id: Int, fullName: String, description: String? = nil, stargazersCount: Int = 0,
    language: String? = nil, htmlURL: URL
  ) {
    self.id = id
    self.fullName = fullName
    self.description = description
    self.stargazersCount = stargazersCount
    self.language = language
    self.htmlURL = htmlURL
  }

  enum CodingKeys: String, CodingKey {
    case id
    case fullName = "full_name"
    case description
    case stargazersCount = "stargazers_count"
    case language
    case htmlURL = "html_url"
  }
}

/// The body of `GET /search/repositories`.
public struct SearchRepositoriesResponse: Decodable, Equatable, Sendable {
  public let totalCount: Int
  public let incompleteResults: Bool
  public let items: [GitHubRepository]

  public init(totalCount: Int, incompleteResults: Bool, items: [GitHubRepository]) {
    self.totalCount = totalCount
    self.incompleteResults = incompleteResults
    self.items = items
  }

  enum CodingKeys: String, CodingKey {
    case totalCount = "total_count"
    case incompleteResults = "incomplete_results"
    case items
  }
}
