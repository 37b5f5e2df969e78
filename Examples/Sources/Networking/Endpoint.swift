import Foundation

/// An HTTP method.
public enum HTTPMethod: String, Sendable {
  case get = "GET"
  case post = "POST"
  case put = "PUT"
  case patch = "PATCH"
  case delete = "DELETE"
}

/// One REST endpoint: how to ask and what comes back (minne's `APIEndpoint`).
///
/// ```swift
/// struct GETRepositoryEndpoint: Endpoint {
///   typealias Response = GitHubRepository
///   let fullName: String
///   var path: String { "/repos/\(fullName)" }
/// }
/// ```
public protocol Endpoint: Sendable {
  /// The JSON the endpoint answers with.
  associatedtype Response: Decodable & Sendable

  var method: HTTPMethod { get }
  /// The path below the client's base URL, starting with "/".
  var path: String { get }
  var queryItems: [URLQueryItem] { get }
  var headers: [String: String] { get }
  /// The request body, sent as JSON.
  var body: Data? { get }
}

// MARK: - Default Implementations

extension Endpoint {
  public var method: HTTPMethod { .get }
  public var queryItems: [URLQueryItem] { [] }
  public var headers: [String: String] { [:] }
  public var body: Data? { nil }
}
