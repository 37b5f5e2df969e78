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
/// A server is not trusted to end its answer: the whole exchange, from sending to the
/// last byte of the body, has a deadline (`timeout`), and a body larger than
/// `maximumBodySize` is cut off. Both end the request with an ``APIError``.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://api.github.com")!)
/// client.request(endpoint: SearchRepositoriesEndpoint(query: "swift"))
/// ```
public struct APIClient: APIClientProtocol {
  public let baseURL: URL
  /// Seconds the whole exchange may take, the body's last byte included.
  public let timeout: TimeInterval
  /// The most bytes a response body may have.
  public let maximumBodySize: Int
  private let transport: Transport

  /// The largest body a client takes unless told otherwise: 4 MiB, far above any page of
  /// results and far below what would hurt.
  public static let defaultMaximumBodySize = 4 << 20

  /// - Parameters:
  ///   - timeout: seconds the whole exchange may take.
  ///   - maximumBodySize: the most bytes a response body may have.
  public init(
    baseURL: URL, timeout: TimeInterval = 15,
    maximumBodySize: Int = APIClient.defaultMaximumBodySize
  ) {
    self.baseURL = baseURL
    self.timeout = timeout
    self.maximumBodySize = maximumBodySize
    self.transport = Transport(timeout: timeout)
  }

  public func request<E: Endpoint>(endpoint: E) -> NetworkPublisher<E> {
    CallbackPublisher { completion in
      send(endpoint, completion: completion)
    }
    .eraseToAnyPublisher()
  }

  public func response<E: Endpoint>(for endpoint: E) async throws(APIError) -> E.Response {
    let cancellation = CancellationBox()
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let cancel = send(endpoint) { continuation.resume(returning: $0) }
        cancellation.set(cancel)
      }
    } onCancel: {
      cancellation.cancel()
    }
    return try result.get()
  }

  /// Starts the request; `completion` gets the decoded response or the error, once.
  /// Returns how to cancel it (a cancelled request calls `completion` with a transport
  /// error).
  func send<E: Endpoint>(
    _ endpoint: E, completion: @escaping @Sendable (Result<E.Response, APIError>) -> Void
  ) -> @Sendable () -> Void {
    let request: URLRequest
    do {
      request = try urlRequest(for: endpoint)
    } catch {
      completion(.failure(error))
      return {}
    }
    return transport.start(request, maximumBodySize: maximumBodySize) { outcome in
      switch outcome {
      case .failed(let error): completion(.failure(error))
      case .answered(let response, let body):
        completion(Self.result(E.Response.self, data: body, response: response, error: nil))
      }
    }
  }

  static func result<Response: Decodable>(
    _ type: Response.Type, data: Data?, response: URLResponse?, error: (any Error)?
  ) -> Result<Response, APIError> {
    if let error = error as? URLError {
      return .failure(.transport(code: error.code, message: error.localizedDescription))
    }
    if let error {
      return .failure(.transport(code: .unknown, message: error.localizedDescription))
    }
    let data = data ?? Data()
    if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
      return .failure(APIError(status: http.statusCode, body: data, headers: http.allHeaderFields))
    }
    do {
      return .success(try JSONDecoder().decode(Response.self, from: data))
    } catch let error as DecodingError {
      return .failure(APIError(error))
    } catch {
      return .failure(.decoding(path: "", message: error.localizedDescription))
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

/// Holds a request's cancel function for a task cancellation handler, which may run
/// before the request has started.
private final class CancellationBox: Sendable {
  private struct State {
    var cancelRequest: (@Sendable () -> Void)?
    var isCancelled = false
  }

  /// Called outside the lock: a cancel function may call back.
  private let state = Locked(State())

  func set(_ cancel: @escaping @Sendable () -> Void) {
    let cancelNow = state.withLock { state in
      state.cancelRequest = cancel
      return state.isCancelled
    }
    if cancelNow { cancel() }
  }

  func cancel() {
    let cancel = state.withLock { state in
      state.isCancelled = true
      return state.cancelRequest
    }
    cancel?()
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
