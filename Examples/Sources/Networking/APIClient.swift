import Foundation
import Uniflow

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A request's response value, or why there is none.
public typealias NetworkPublisher<E: Endpoint> = AnyPublisher<E.Response, APIError>

/// Sends endpoints' requests. Requesters depend on this protocol, so tests can hand them
/// a client that answers from memory.
public protocol APIClientProtocol: Sendable {
  /// The response as a publisher: the request starts on subscription and is cancelled
  /// with it.
  func request<E: Endpoint>(endpoint: E) -> NetworkPublisher<E>
  /// The response, for `async` code; cancelling the task cancels the request.
  func response<E: Endpoint>(for endpoint: E) async throws(APIError) -> E.Response
}

/// The API client over URLSession (FoundationNetworking on Linux).
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://api.github.com")!)
/// client.request(endpoint: SearchRepositoriesEndpoint(query: "swift"))
/// ```
public struct APIClient: APIClientProtocol {
  public let baseURL: URL
  public let session: URLSession
  /// Seconds to wait for the server before giving up with a timeout.
  public let timeout: TimeInterval

  /// - Parameters:
  ///   - session: the session to send with; by default one of the client's own, whose
  ///     request timeout is `timeout` (FoundationNetworking applies the session's
  ///     timeout, not only the request's).
  ///   - timeout: seconds to wait for the server.
  public init(baseURL: URL, session: URLSession? = nil, timeout: TimeInterval = 15) {
    self.baseURL = baseURL
    self.timeout = timeout
    if let session {
      self.session = session
    } else {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.timeoutIntervalForRequest = timeout
      self.session = URLSession(configuration: configuration)
    }
  }

  public func request<E: Endpoint>(endpoint: E) -> NetworkPublisher<E> {
    AsyncPublisher { () async throws(APIError) -> E.Response in
      try await response(for: endpoint)
    }
    .eraseToAnyPublisher()
  }

  public func response<E: Endpoint>(for endpoint: E) async throws(APIError) -> E.Response {
    let request = try urlRequest(for: endpoint)
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: request)
    } catch let error as URLError {
      throw .transport(code: error.code, message: error.localizedDescription)
    } catch {
      throw .transport(code: .unknown, message: error.localizedDescription)
    }
    if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
      throw APIError(status: http.statusCode, body: data, headers: http.allHeaderFields)
    }
    do {
      return try JSONDecoder().decode(E.Response.self, from: data)
    } catch let error as DecodingError {
      throw APIError(error)
    } catch {
      throw .decoding(path: "", message: error.localizedDescription)
    }
  }

  func urlRequest<E: Endpoint>(for endpoint: E) throws(APIError) -> URLRequest {
    let joined = baseURL.absoluteString.trimmingSuffix("/") + endpoint.path
    guard var components = URLComponents(string: joined),
      ["http", "https"].contains(components.scheme?.lowercased()),
      components.host?.isEmpty == false
    else {
      throw .invalidURL(joined)
    }
    if !endpoint.queryItems.isEmpty {
      components.queryItems = (components.queryItems ?? []) + endpoint.queryItems
    }
    guard let url = components.url else { throw .invalidURL(joined) }
    var request = URLRequest(url: url, timeoutInterval: timeout)
    request.httpMethod = endpoint.method.rawValue
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let body = endpoint.body {
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    for (name, value) in endpoint.headers {
      request.setValue(value, forHTTPHeaderField: name)
    }
    return request
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
