import FixtureServer
import Foundation
import GitHubSearchCore
import Networking
import Testing
import Uniflow
import UniflowTesting

/// A requester that answers every query with no repositories and keeps the queries.
final class RecordingRequester: GitHubSearchRequesterProtocol {
  private let stored = Locked<[String]>([])
  var queries: [String] { stored.withLock { $0 } }

  func searchRepositories(query: String) async throws(APIError) -> SearchRepositoriesResponse {
    stored.withLock { $0.append(query) }
    return SearchRepositoriesResponse(totalCount: 0, incompleteResults: false, items: [])
  }
}

@Suite struct GitHubSearchVirtualTimeTests {
  let scheduler = VirtualTimeScheduler()
  let disposeBag = DisposeBag()

  @Test func typingIsDebouncedTrimmedAndDeduplicated() async {
    let requester = RecordingRequester()
    let stream = SearchViewStream(
      searchAPIStream: SearchAPIStream(requester: requester),
      scheduler: scheduler.scheduler.eraseToAnyScheduler(),
      debounce: .seconds(5))
    let text = scheduler.createHotPublisher([
      Recorded<String, Never>.next(1, "s"), .next(2, "sw"), .next(3, "swi"),
      .next(10, "swift"), .next(11, "swif"), .next(12, "swift"),
      .next(20, "swift "),
      .next(30, ""),
    ])
    text.bind(to: stream.input.searchText).disposed(by: disposeBag)
    let loading = scheduler.createObserver(Bool.self)
    stream.output.publishers.isLoading.removeDuplicates().bind(to: loading).disposed(by: disposeBag)

    // The requester answers from a task of its own, and the stream hands its answers to the
    // scheduler: virtual time stops at each debounced query, and the scheduler runs what
    // is due there until the answer is in. Loading ends at the tick the query went out.
    scheduler.advance(to: 8)
    await eventually("the answer to \"swi\"") {
      scheduler.advance()
      return loading.events.count == 3
    }
    scheduler.advance(to: 17)
    await eventually("the answer to \"swift\"") {
      scheduler.advance()
      return loading.events.count == 5
    }
    scheduler.start()
    #expect(requester.queries == ["swi", "swift"])
    #expect(
      loading.events == [
        .next(0, false), .next(8, true), .next(8, false), .next(17, true), .next(17, false),
      ])
  }
}

@Suite(.serialized) struct GitHubSearchServerTests {
  func makeStream(_ server: FixtureServer, timeout: TimeInterval = 5) -> SearchViewStream {
    let client = APIClient(baseURL: server.baseURL, timeout: timeout)
    return SearchViewStream(
      searchAPIStream: SearchAPIStream(requester: GitHubSearchRequester(apiClient: client)),
      scheduler: DispatchQueue(label: "test").eraseToAnyScheduler(), debounce: .milliseconds(1))
  }

  @Test(arguments: [
    ("notfound", APIError.httpStatus(code: 404, message: "Not Found", retryAfter: nil)),
    ("servererror", .httpStatus(code: 500, message: "upstream exploded", retryAfter: nil)),
    ("ratelimit", .httpStatus(code: 429, message: "API rate limit exceeded", retryAfter: 30)),
    ("wrongshape", .decoding(path: "items[0].full_name", message: "the key is missing")),
  ])
  func eachFailureGoesToTheErrorOutputAndTheNextQuerySucceeds(query: String, expected: APIError)
    async throws
  {
    let server = try await FixtureServer.start()
    let stream = makeStream(server)
    stream.input.searchText(query)
    await eventually("the error") { stream.output.error.value != nil }
    #expect(stream.output.error.value == expected)
    #expect(stream.output.isLoading.value == false)

    stream.input.searchText("swift")
    await eventually("the repositories") { stream.output.repositories.value.count == 3 }
    #expect(stream.output.error.value == nil)
    await server.stop()
  }

  @Test func malformedJSONAndTimeoutsAndClosedPortsAreErrorsToo() async throws {
    let server = try await FixtureServer.start()
    let stream = makeStream(server, timeout: 1.5)
    stream.input.searchText("malformed")
    await eventually("the decoding error") {
      if case .decoding = stream.output.error.value { true } else { false }
    }
    stream.input.searchText("slowswift")
    await eventually("the timeout") {
      if case .transport(.timedOut, _) = stream.output.error.value { true } else { false }
    }
    stream.input.searchText("uniflow")
    await eventually("the repositories") { stream.output.repositories.value.count == 1 }
    await server.stop()

    let closed = APIClient(baseURL: URL(string: "http://127.0.0.1:\(FixtureServer.closedPort())")!)
    let offline = SearchViewStream(
      searchAPIStream: SearchAPIStream(requester: GitHubSearchRequester(apiClient: closed)),
      scheduler: DispatchQueue(label: "test").eraseToAnyScheduler(), debounce: .milliseconds(1))
    offline.input.searchText("swift")
    await eventually("the transport error") {
      if case .transport(.cannotConnectToHost, _) = offline.output.error.value {
        true
      } else {
        false
      }
    }
  }

  @Test func aNewerQueryCancelsTheOlderRequest() async throws {
    let server = try await FixtureServer.start()
    let stream = makeStream(server)
    stream.input.searchText("trickleswift")
    await eventually("the first request") { await server.requests.count == 1 }
    stream.input.searchText("uniflow")
    await eventually("the newer results") { stream.output.repositories.value.count == 1 }

    // Sending the older answer in full takes about 2 s; give it 3.
    try await Task.sleep(for: .seconds(3))
    let log = await server.requests
    #expect(log.map { $0.query["q"] } == ["trickleswift", "uniflow"])
    #expect(log.map(\.finishedSending) == [false, true])
    #expect(stream.output.repositories.value.map(\.fullName) == ["uniflow/Uniflow"])
    await server.stop()
  }
}

/// A requester that answers at once, fails "bad", and holds "slow" until it is cancelled.
struct ScriptedRequester: GitHubSearchRequesterProtocol {
  static let uniflow = GitHubRepository(
    id: 1, fullName: "uniflow/uniflow", htmlURL: URL(string: "https://github.com/uniflow")!)

  func searchRepositories(query: String) async throws(APIError) -> SearchRepositoriesResponse {
    switch query {
    case "bad": throw .httpStatus(code: 500, message: nil, retryAfter: nil)
    case "slow":
      try? await Task.sleep(for: .seconds(60))
      throw .httpStatus(code: 504, message: nil, retryAfter: nil)
    default:
      return SearchRepositoriesResponse(
        totalCount: 1, incompleteResults: false, items: [Self.uniflow])
    }
  }
}

/// Clearing the field puts the screen back as it started, whatever the last query left.
@Suite struct GitHubSearchClearingTests {
  func makeStream() -> SearchViewStream {
    SearchViewStream(
      searchAPIStream: SearchAPIStream(requester: ScriptedRequester()),
      scheduler: DispatchQueue(label: "clearing").eraseToAnyScheduler(),
      debounce: .milliseconds(1))
  }

  @Test func clearingTheFieldEmptiesTheResults() async {
    let stream = makeStream()
    stream.input.searchText("swift")
    await eventually("the repositories") {
      stream.output.repositories.value == [ScriptedRequester.uniflow]
    }
    stream.input.searchText("")
    await eventually("no repositories") { stream.output.repositories.value.isEmpty }
  }

  @Test func clearingTheFieldDropsTheError() async {
    let stream = makeStream()
    stream.input.searchText("bad")
    await eventually("the error") { stream.output.error.value != nil }
    stream.input.searchText("")
    await eventually("no error") { stream.output.error.value == nil }
  }

  @Test func clearingTheFieldWhileARequestRunsStopsTheSpinner() async {
    let stream = makeStream()
    stream.input.searchText("slow")
    await eventually("the spinner") { stream.output.isLoading.value }
    stream.input.searchText("")
    await eventually("no spinner") { !stream.output.isLoading.value }
  }
}
