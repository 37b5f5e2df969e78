import Foundation

/// A search hit: the RxSwift original's `WikipediaPage`. The JSON has no URL; ``url``
/// builds it from `pageid`.
public struct WikipediaPage: Decodable, Equatable, Hashable, Sendable {
  public let title: String
  public let pageid: Int

  public init(title: String, pageid: Int) {
    self.title = title
    self.pageid = pageid
  }

  /// The page on Japanese Wikipedia.
  public var url: URL {
    URL(string: "https://ja.wikipedia.org/w/index.php?curid=\(pageid)")!
  }
}

/// The body of MediaWiki's `action=query&list=search`, down to the hits.
public struct WikipediaSearchResponse: Decodable, Equatable, Sendable {
  public let query: Query

  public struct Query: Decodable, Equatable, Sendable {
    public let search: [WikipediaPage]
  }
}
