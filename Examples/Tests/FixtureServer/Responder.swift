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
    case "hostile":
      return await finished(index, json(Self.hostileJSON(api: api)))
    case "hostileerror":
      // The message JSON-escapes ESC and BEL, as a server's text would arrive.
      return await finished(
        index,
        json(#"{"message": "\u001B]0;pwned\u0007\u001B[2Jgone"}"#, status: .badRequest))
    case "endless":
      // Valid JSON's first byte, then one space every half second, forever.
      let body = EndlessBody(
        first: Data("{".utf8), chunk: Data(" ".utf8), interval: .milliseconds(500))
      return HTTPResponse(
        statusCode: .ok, headers: [.contentType: "application/json"],
        body: HTTPBodySequence(from: body))
    case "flood":
      // 64 KiB of spaces at a time, as fast as the client reads, forever.
      let body = EndlessBody(
        first: Data("{".utf8), chunk: Data(repeating: 0x20, count: 64 << 10), interval: .zero)
      return HTTPResponse(
        statusCode: .ok, headers: [.contentType: "application/json"],
        body: HTTPBodySequence(from: body))
    default:
      return await finished(index, json(fixture(name(for: Substring(word)))))
    }
  }

  /// One result whose every text field holds the sequences a terminal acts on: set the
  /// title (OSC 0), write the clipboard (OSC 52), clear the screen, and a newline.
  static func hostileJSON(api: API) -> String {
    let name = #"evil\u001B]0;pwned\u0007\u001B]52;c;cm0gLXJm\u0007\u001B[2J\nforged"#
    switch api {
    case .github:
      return #"""
        {"total_count": 1, "incomplete_results": false, "items": [{"id": 1,
         "full_name": "\#(name)",
         "description": "\#(name)", "stargazers_count": 1, "language": "\#(name)",
         "html_url": "https://example.com/evil"}]}
        """#
    case .wikipedia, .signIn:
      return #"""
        {"query": {"search": [{"pageid": 1, "title": "\#(name)", "snippet": "\#(name)",
         "wordcount": 1}]}}
        """#
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

/// A body that never ends: `first`, then `chunk` again and again with `interval` between.
/// A server sends it for as long as the client reads.
struct EndlessBody: AsyncBufferedSequence, Sendable {
  typealias Element = UInt8

  let first: Data
  let chunk: Data
  let interval: Duration

  func makeAsyncIterator() -> Iterator {
    Iterator(body: self)
  }

  struct Iterator: AsyncBufferedIteratorProtocol {
    let body: EndlessBody
    var started = false

    mutating func next() async throws -> UInt8? {
      try await nextBuffer(suggested: 1)?.first
    }

    mutating func nextBuffer(suggested count: Int) async throws -> Data? {
      guard started else {
        started = true
        return body.first
      }
      if body.interval > .zero { try await Task.sleep(for: body.interval) }
      return body.chunk.prefix(Swift.max(1, count))
    }
  }
}
