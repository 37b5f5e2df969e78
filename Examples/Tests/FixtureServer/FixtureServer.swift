import DemoServers
import FlyingFox
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An HTTP server on 127.0.0.1, on a port the system picks, that answers like GitHub's
/// search, Wikipedia's search and a sign-in endpoint from recorded fixtures — and fails
/// on purpose for some queries:
///
/// | query / word | answer |
/// |---|---|
/// | `swift`, `uniflow` | the recorded fixture |
/// | `malformed` | 200 with JSON cut off half-way |
/// | `wrongshape` | 200 with a repository missing `full_name` (a page missing `pageid`) |
/// | `notfound` | 404 `{"message": "Not Found"}` |
/// | `servererror` | 500 with a plain-text body |
/// | `ratelimit` | 429 with `Retry-After: 30` and a JSON message |
/// | `slow…` | the fixture after 3 seconds |
/// | `trickle…` | the fixture sent a few bytes at a time over about 2 seconds |
/// | `retryafter-X` | 503 with `Retry-After: X` |
/// | `hostile` | one result whose texts hold terminal escape sequences and a newline |
/// | `hostileerror` | 400 whose message holds terminal escape sequences |
/// | `endless` | 200 whose body never ends: a byte every half second |
/// | `flood` | 200 whose body never ends: 64 KiB chunks as fast as they are read |
/// | anything else | an empty result |
///
/// It also serves the product API (`/products…`) over ``products``, a catalog of 45
/// products whose failures a test switches on.
///
/// Every request is kept in ``requests``, with whether its response was sent to the end.
public final class FixtureServer: Sendable {
  /// One request the server received.
  public struct LoggedRequest: Equatable, Sendable {
    public var method: String
    public var path: String
    public var query: [String: String]
    public var body: Data
    /// Whether the whole response was written (false while sending, or when the client
    /// went away first).
    public var finishedSending: Bool
  }

  public let port: UInt16
  /// The products the server sells, and the failures it is told to produce.
  public let products: ProductCatalog
  private let server: HTTPServer
  private let task: Task<Void, any Error>
  private let log: RequestLog

  /// Starts a server and waits until it listens.
  public static func start() async throws -> FixtureServer {
    let log = RequestLog()
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    await server.appendRoute("GET /search/repositories") { request in
      await Responder(log: log, api: .github).respond(to: request)
    }
    await server.appendRoute("GET /w/api.php") { request in
      await Responder(log: log, api: .wikipedia).respond(to: request)
    }
    await server.appendRoute("POST /sign_in") { request in
      await Responder(log: log, api: .signIn).respond(to: request)
    }
    let products = ProductCatalog.demo()
    await ProductRoutes.register(on: server, catalog: products)
    let task = Task { try await server.run() }
    try await server.waitUntilListening()
    guard case .ip4(_, let port) = await server.listeningAddress else {
      throw URLError(.cannotConnectToHost)
    }
    return FixtureServer(port: port, products: products, server: server, task: task, log: log)
  }

  private init(
    port: UInt16, products: ProductCatalog, server: HTTPServer, task: Task<Void, any Error>,
    log: RequestLog
  ) {
    self.port = port
    self.products = products
    self.server = server
    self.task = task
    self.log = log
  }

  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// The requests received so far, oldest first.
  public var requests: [LoggedRequest] {
    get async { await log.entries }
  }

  public func stop() async {
    await server.stop(timeout: 1)
    task.cancel()
  }

  /// A port on 127.0.0.1 where nothing listens: bound by the system, then closed.
  public static func closedPort() -> UInt16 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        _ = bind(descriptor, socketAddress, length)
        _ = getsockname(descriptor, socketAddress, &length)
      }
    }
    return UInt16(bigEndian: address.sin_port)
  }
}

/// The log of requests, shared by the handlers.
actor RequestLog {
  private(set) var entries: [FixtureServer.LoggedRequest] = []

  func append(_ request: FixtureServer.LoggedRequest) -> Int {
    entries.append(request)
    return entries.count - 1
  }

  func markFinished(_ index: Int) {
    entries[index].finishedSending = true
  }
}
