import FixtureServer
import Foundation
import GitHubSearchCore
import Networking
import Testing
import UniflowTesting

@Suite(.serialized) struct APIClientTests {
  func withServer(_ body: (FixtureServer, APIClient) async throws -> Void) async throws {
    let server = try await FixtureServer.start()
    try await body(server, APIClient(baseURL: server.baseURL, timeout: 5))
    await server.stop()
  }

  func error(for query: String, client: APIClient) async -> APIError? {
    do {
      _ = try await client.response(for: SearchRepositoriesEndpoint(query: query))
      return nil
    } catch {
      return error
    }
  }

  @Test func theRecordedFixtureDecodes() async throws {
    try await withServer { server, client in
      let response = try await client.response(for: SearchRepositoriesEndpoint(query: "swift"))
      #expect(response.totalCount == 3)
      #expect(
        response.items.map(\.fullName) == [
          "swiftlang/swift", "vsouza/awesome-ios", "apple/swift-argument-parser",
        ])
      #expect(response.items[0].htmlURL.absoluteString == "https://github.com/swiftlang/swift")
      let requests = await server.requests
      #expect(requests.map(\.path) == ["/search/repositories"])
      #expect(requests.first?.query == ["q": "swift", "per_page": "30"])
    }
  }

  @Test func thePublisherFormSendsTheResponseAndFinishes() async throws {
    try await withServer { _, client in
      let values = try await client.request(endpoint: SearchRepositoriesEndpoint(query: "uniflow"))
        .awaitValues(timeout: 5)
      #expect(values.map(\.items.count) == [1])
    }
  }

  @Test func malformedJSONIsADecodingErrorAtTheRoot() async throws {
    try await withServer { _, client in
      let error = await error(for: "malformed", client: client)
      guard case .decoding(let path, _) = error else {
        Issue.record("expected a decoding error, got \(String(describing: error))")
        return
      }
      #expect(path == "")
    }
  }

  @Test func aMissingFieldNamesItsJSONPath() async throws {
    try await withServer { _, client in
      #expect(
        await error(for: "wrongshape", client: client)
          == .decoding(path: "items[0].full_name", message: "the key is missing"))
    }
  }

  @Test func httpErrorsCarryTheBodysMessageAndRetryAfter() async throws {
    try await withServer { _, client in
      #expect(
        await error(for: "notfound", client: client)
          == .httpStatus(code: 404, message: "Not Found", retryAfter: nil))
      #expect(
        await error(for: "servererror", client: client)
          == .httpStatus(code: 500, message: "upstream exploded", retryAfter: nil))
      #expect(
        await error(for: "ratelimit", client: client)
          == .httpStatus(code: 429, message: "API rate limit exceeded", retryAfter: 30))
    }
  }

  @Test func aHostileRetryAfterIsNoRetryAfterAndNothingTraps() async throws {
    let cases: [(header: String, expected: TimeInterval?)] = [
      ("1e400", nil), ("nan", nil), ("inf", nil), ("1e19", nil), ("-5", nil), ("5.5", nil),
      ("99999999999999999999999", nil), ("90000", nil), ("12", 12), ("0", 0),
    ]
    try await withServer { _, client in
      for (header, expected) in cases {
        let received = await error(for: "retryafter-\(header)", client: client)
        #expect(
          received == .httpStatus(code: 503, message: "try later", retryAfter: expected),
          "Retry-After: \(header)")
        // The description turns the number into text: it must not trap either.
        #expect(received.map { "\($0)" }?.contains("HTTP 503") == true)
      }
    }
  }

  /// `slowswift` answers after the timeout; `endless` answers at once and then sends a
  /// byte every half second, so each read is in time and only the exchange as a whole
  /// is not.
  @Test(arguments: ["slowswift", "endless"])
  func aServerThatIsSlowOrNeverFinishesIsATimeout(query: String) async throws {
    let server = try await FixtureServer.start()
    let client = APIClient(baseURL: server.baseURL, timeout: 1.5)
    let error = await error(for: query, client: client)
    guard case .transport(let code, _) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(code == .timedOut)
    #expect(error?.description == "the server did not answer in time")
    await server.stop()
  }

  @Test func aBodyLargerThanTheLimitIsCutOff() async throws {
    let server = try await FixtureServer.start()
    let client = APIClient(baseURL: server.baseURL, timeout: 20, maximumBodySize: 1 << 20)
    let error = await error(for: "flood", client: client)
    #expect(error == .bodyTooLarge(limit: 1 << 20))
    #expect(error?.description == "the server's answer is larger than 1024 KiB; it was cut off")
    await server.stop()
  }

  @Test func aBodyWithinTheLimitIsRead() async throws {
    let server = try await FixtureServer.start()
    let fixtureSize = 7_000  // the swift fixture is a little over 5 KB
    let client = APIClient(baseURL: server.baseURL, maximumBodySize: fixtureSize)
    let response = try await client.response(for: SearchRepositoriesEndpoint(query: "swift"))
    #expect(response.totalCount == 3)
    let tight = APIClient(baseURL: server.baseURL, maximumBodySize: 1_000)
    #expect(await self.error(for: "swift", client: tight) == .bodyTooLarge(limit: 1_000))
    await server.stop()
  }

  @Test func aClosedPortIsATransportError() async throws {
    let client = APIClient(baseURL: URL(string: "http://127.0.0.1:\(FixtureServer.closedPort())")!)
    let error = await error(for: "swift", client: client)
    guard case .transport(let code, _) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(code == .cannotConnectToHost)
  }

  @Test func aBaseURLWithoutAHostIsRefusedBeforeSending() async {
    let client = APIClient(baseURL: URL(string: "file:///tmp")!)
    let error = await error(for: "swift", client: client)
    #expect(error == .invalidURL("file:///tmp/search/repositories"))
  }

  /// FoundationNetworking traps ("a behaviour for a task that in not in the registry")
  /// when a task is cancelled while its session looks the request up in a URL cache, so
  /// the session has no cache. A search cancels the older request on every key.
  @Test func requestsCancelledAsSoonAsTheyStartNeverTrap() async throws {
    try await withServer { server, client in
      for round in 0..<300 {
        let subscription = client.request(endpoint: SearchRepositoriesEndpoint(query: "swift"))
          .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        if round % 3 != 0 { try await Task.sleep(for: .microseconds(round % 7 * 100)) }
        subscription.cancel()
      }
      // The session still works afterwards.
      let response = try await client.response(for: SearchRepositoriesEndpoint(query: "swift"))
      #expect(response.totalCount == 3)
    }
  }

  @Test func cancellingTheSubscriptionCancelsTheRequest() async throws {
    try await withServer { server, client in
      let subscription = client.request(endpoint: SearchRepositoriesEndpoint(query: "trickleswift"))
        .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
      await eventually("the request to arrive") { await server.requests.count == 1 }
      subscription.cancel()
      // The trickled answer takes about 2 s to send in full when nobody cancels.
      try await Task.sleep(for: .seconds(3))
      #expect(await server.requests.map(\.finishedSending) == [false])
    }
  }
}

@Suite struct APIErrorTests {
  @Test func descriptionsSayWhatHappened() {
    #expect(
      APIError.httpStatus(code: 429, message: "API rate limit exceeded", retryAfter: 30).description
        == "HTTP 429: API rate limit exceeded (retry after 30 s)")
    #expect(
      APIError.decoding(path: "items[0].full_name", message: "the key is missing").description
        == "unexpected response at items[0].full_name: the key is missing")
    #expect(APIError.httpStatus(code: 500, message: nil, retryAfter: nil).description == "HTTP 500")
  }
}
