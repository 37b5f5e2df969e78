import FlyingFox
import FlyingSocks
import Foundation

/// Builds the answer to one request from the fixtures and the failure table.
struct Responder: Sendable {
  enum API: Sendable {
    case github, wikipedia, signIn
  }

  let log: RequestLog
  let api: API

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  func respond(to request: HTTPRequest) async -> HTTPResponse {
    let body = (try? await request.bodyData) ?? Data()
    let query = Dictionary(
      request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    let index = await log.append(
      .init(
        method: request.method.rawValue, path: request.path, query: query, body: body,
        finishedSending: false))

    if api == .signIn { return await signIn(body: body, index: index) }

    let word = (api == .github ? query["q"] : query["srsearch"])?.lowercased() ?? ""
    switch word {
    case "malformed":
      return await finished(index, json(String(fixture("swift").prefix(40))))
    case "wrongshape":
      return await finished(index, json(fixture("wrongshape")))
    case "notfound":
      return await finished(index, json(#"{"message": "Not Found"}"#, status: .notFound))
    case "servererror":
      return await finished(
        index,
        HTTPResponse(
          statusCode: .internalServerError, headers: [.contentType: "text/plain"],
          body: Data("upstream exploded".utf8)))
    case "ratelimit":
      var response = json(#"{"message": "API rate limit exceeded"}"#, status: .tooManyRequests)
      response.headers[HTTPHeader("Retry-After")] = "30"
      return await finished(index, response)
    case let word where word.hasPrefix("retryafter-"):
      // A 503 whose Retry-After header is whatever follows the dash: hostile numbers
      // (`1e400`, `nan`, `1e19`, `-5`), dates, and plain seconds.
      var response = json(#"{"message": "try later"}"#, status: .serviceUnavailable)
      response.headers[HTTPHeader("Retry-After")] = String(word.dropFirst(11))
      return await finished(index, response)
    case let word where word.hasPrefix("slow"):
      try? await Task.sleep(for: .seconds(3))
      return await finished(index, json(fixture(name(for: word.dropFirst(4)))))
    case let word where word.hasPrefix("trickle"):
      let data = Data(fixture(name(for: word.dropFirst(7))).utf8)
      let body = TrickledBody(data: data, pieces: 40, interval: .milliseconds(50)) {
        await log.markFinished(index)
      }
      return HTTPResponse(
        statusCode: .ok, headers: [.contentType: "application/json"],
        body: HTTPBodySequence(from: body))
    default:
      return await finished(index, json(fixture(name(for: Substring(word)))))
    }
  }

  /// The fixture's name for a word: `swift` and `uniflow` have one, others are empty.
  private func name(for word: Substring) -> String {
    ["swift", "uniflow"].contains(word) ? String(word) : "empty"
  }

  private func fixture(_ name: String) -> String {
    let file = api == .github ? "github-search-\(name).json" : "wikipedia-search-\(name).json"
    let url = Self.fixtures.appendingPathComponent(file)
    return (try? String(contentsOf: url, encoding: .utf8)) ?? #"{"missing fixture": "\#(file)"}"#
  }

  private func signIn(body: Data, index: Int) async -> HTTPResponse {
    let fields = (try? JSONSerialization.jsonObject(with: body)) as? [String: String] ?? [:]
    if fields["password"] == "correct horse" {
      return await finished(index, json(#"{"token": "token-for-\#(fields["email"] ?? "")"}"#))
    }
    return await finished(
      index, json(#"{"message": "Wrong e-mail or password"}"#, status: .unauthorized))
  }

  private func json(_ text: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
    HTTPResponse(
      statusCode: status, headers: [.contentType: "application/json"], body: Data(text.utf8))
  }

  private func finished(_ index: Int, _ response: HTTPResponse) async -> HTTPResponse {
    await log.markFinished(index)
    return response
  }
}

/// A body that arrives in pieces with a pause before each, and reports when the last
/// piece was taken — which a server only does if the client is still reading.
struct TrickledBody: AsyncBufferedSequence, Sendable {
  typealias Element = UInt8

  let data: Data
  let pieces: Int
  let interval: Duration
  let onFinish: @Sendable () async -> Void

  func makeAsyncIterator() -> Iterator {
    Iterator(body: self)
  }

  struct Iterator: AsyncBufferedIteratorProtocol {
    let body: TrickledBody
    var offset = 0

    mutating func next() async throws -> UInt8? {
      try await nextBuffer(suggested: 1)?.first
    }

    mutating func nextBuffer(suggested count: Int) async throws -> Data? {
      guard offset < body.data.count else {
        if offset == body.data.count {
          offset += 1
          await body.onFinish()
        }
        return nil
      }
      try await Task.sleep(for: body.interval)
      let size = Swift.max(1, body.data.count / body.pieces)
      let end = Swift.min(body.data.count, offset + Swift.min(size, count))
      defer { offset = end }
      return body.data.subdata(in: offset..<end)
    }
  }
}
