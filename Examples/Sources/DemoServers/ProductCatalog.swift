import FlyingFox
import Foundation
import ProductsCore

/// The products a demo or fixture server sells, and how it misbehaves when a test asks:
/// the state behind ``ProductRoutes``.
public actor ProductCatalog {
  public private(set) var products: [Product]
  /// Every request's method and path with query, oldest first.
  public private(set) var requests: [String] = []
  /// When set, list requests answer with this status.
  public var listStatus: HTTPStatusCode?
  /// When set, list requests answer with JSON cut off half-way.
  public var malformedList = false
  /// When set, favourite changes answer 500 and change nothing.
  public var refusesFavorites = false
  /// How long a list request waits before answering.
  public var listDelay: Duration = .zero

  public init(products: [Product]) {
    self.products = products
  }

  /// `count` made-up products, newest first.
  public static func demo(count: Int = 45) -> ProductCatalog {
    let things = ["Mug", "Scarf", "Tote bag", "Brooch", "Notebook", "Candle", "Bowl", "Earrings"]
    let makers = ["Aoi Studio", "Kobo Hana", "Mori Works", "Tsuki Craft", "Umi Atelier"]
    return ProductCatalog(
      products: (1...max(1, count)).map { id in
        Product(
          id: id, name: "\(things[id % things.count]) No.\(id)", price: 800 + (id * 370) % 9000,
          creator: makers[id % makers.count])
      })
  }

  public func set(listStatus: HTTPStatusCode?) { self.listStatus = listStatus }
  public func set(malformedList: Bool) { self.malformedList = malformedList }
  public func set(refusesFavorites: Bool) { self.refusesFavorites = refusesFavorites }
  public func set(listDelay: Duration) { self.listDelay = listDelay }

  func log(_ request: HTTPRequest) {
    let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    requests.append(
      "\(request.method.rawValue) \(request.path)" + (query.isEmpty ? "" : "?\(query)"))
  }

  func setFavorite(id: Int, to isFavorite: Bool) -> Product? {
    guard let index = products.firstIndex(where: { $0.id == id }) else { return nil }
    products[index].isFavorite = isFavorite
    return products[index]
  }
}

/// The product API over a ``ProductCatalog``: `GET /products?page&per_page`,
/// `GET /products?creator=NAME`, `GET /products/ID`, `PUT` and `DELETE /products/ID/favorite`.
public enum ProductRoutes {
  /// Adds the routes to `server`.
  public static func register(on server: HTTPServer, catalog: ProductCatalog) async {
    await server.appendRoute("GET /products") { request in
      await list(request, catalog: catalog)
    }
    await server.appendRoute("GET /products/*") { request in
      await catalog.log(request)
      guard let id = productID(in: request.path),
        let product = await catalog.products.first(where: { $0.id == id })
      else { return json(#"{"message": "Not Found"}"#, status: .notFound) }
      return json(product)
    }
    for method in [HTTPMethod.PUT, .DELETE] {
      await server.appendRoute(HTTPRoute(method: method, path: "/products/*/favorite")) {
        request in
        await catalog.log(request)
        if await catalog.refusesFavorites {
          return json(#"{"message": "favourites are closed today"}"#, status: .internalServerError)
        }
        guard let id = productID(in: request.path),
          let product = await catalog.setFavorite(id: id, to: method == .PUT)
        else { return json(#"{"message": "Not Found"}"#, status: .notFound) }
        return json(product)
      }
    }
  }

  static func list(_ request: HTTPRequest, catalog: ProductCatalog) async -> HTTPResponse {
    await catalog.log(request)
    let delay = await catalog.listDelay
    if delay > .zero { try? await Task.sleep(for: delay) }
    if let status = await catalog.listStatus {
      return json(#"{"message": "the shop is closed"}"#, status: status)
    }
    if await catalog.malformedList { return json(#"[{"id": 1, "name": "#) }
    if let creator = request.query["creator"] {
      return json(await catalog.products.filter { $0.creator == creator })
    }
    let page = max(1, Int(request.query["page"] ?? "") ?? 1)
    let perPage = min(100, max(1, Int(request.query["per_page"] ?? "") ?? 20))
    let products = await catalog.products
    let start = min(products.count, (page - 1) * perPage)
    return json(Array(products[start..<min(products.count, start + perPage)]))
  }

  static func productID(in path: String) -> Int? {
    let parts = path.split(separator: "/")
    return parts.count >= 2 ? Int(parts[1]) : nil
  }

  static func json(_ value: some Encodable) -> HTTPResponse {
    let data = (try? JSONEncoder().encode(value)) ?? Data()
    return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: data)
  }

  static func json(_ text: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
    HTTPResponse(
      statusCode: status, headers: [.contentType: "application/json"], body: Data(text.utf8))
  }
}

/// A FlyingFox server on 127.0.0.1, on a port the system picks: what the `products` and
/// `sign-in` commands talk to when no `--base-url` is given.
///
/// ```swift
/// let server = try await DemoServer.start(catalog: .demo())
/// let client = APIClient(baseURL: server.baseURL)
/// ```
public final class DemoServer: Sendable {
  public let baseURL: URL
  private let server: HTTPServer
  private let task: Task<Void, any Error>

  private init(baseURL: URL, server: HTTPServer, task: Task<Void, any Error>) {
    self.baseURL = baseURL
    self.server = server
    self.task = task
  }

  /// Starts a server with the product routes over `catalog` and the sign-in route for
  /// `account`, and waits until it listens.
  public static func start(
    catalog: ProductCatalog? = nil, account: SignInAccount? = nil
  ) async throws -> DemoServer {
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    if let catalog { await ProductRoutes.register(on: server, catalog: catalog) }
    if let account { await SignInRoutes.register(on: server, account: account) }
    let task = Task { try await server.run() }
    try await server.waitUntilListening()
    guard case .ip4(_, let port) = await server.listeningAddress else {
      throw URLError(.cannotConnectToHost)
    }
    return DemoServer(
      baseURL: URL(string: "http://127.0.0.1:\(port)")!, server: server, task: task)
  }

  public func stop() async {
    await server.stop(timeout: 1)
    task.cancel()
  }
}

/// The one account the demo sign-in server accepts.
public struct SignInAccount: Sendable {
  public var email: String
  public var password: String

  public init(email: String = "demo@example.com", password: String = "correct horse") {
    self.email = email
    self.password = password
  }
}

/// `POST /sign_in` with `{"email", "password"}`: a token for the account, 401 otherwise.
public enum SignInRoutes {
  public static func register(on server: HTTPServer, account: SignInAccount) async {
    await server.appendRoute("POST /sign_in") { request in
      let body = (try? await request.bodyData) ?? Data()
      let fields = (try? JSONSerialization.jsonObject(with: body)) as? [String: String] ?? [:]
      if fields["email"] == account.email, fields["password"] == account.password {
        return ProductRoutes.json(#"{"token": "demo-token"}"#)
      }
      return ProductRoutes.json(#"{"message": "Wrong e-mail or password"}"#, status: .unauthorized)
    }
  }
}
