import FixtureServer
import Foundation
import GitHubSearchCore
import Networking
import Testing
import Uniflow
import UniflowTesting

/// ReactorKit's GitHub search as a reactor, over the app's requester: the shape a screen
/// that talks to a server records.
@MainActor
final class RepositorySearchReactor: Reactor {
  enum Action: Codable, Equatable, Sendable {
    case search(String)
  }

  enum Mutation: Codable, Equatable, Sendable {
    case setQuery(String)
    case setLoading(Bool)
    case setRepositories([GitHubRepository])
    case setError(String)
  }

  struct State: Codable, Equatable, Sendable {
    var query = ""
    var isLoading = false
    var repositories: [GitHubRepository] = []
    var error: String?
  }

  let initialState = State()
  let runtime = ReactorRuntime<RepositorySearchReactor>()
  private let requester: any GitHubSearchRequesterProtocol

  init(requester: any GitHubSearchRequesterProtocol) {
    self.requester = requester
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .search(let query):
      let requester = requester
      return .concat(
        .sequence([.setQuery(query), .setLoading(true)]),
        .run { send in
          do {
            send(.setRepositories(try await requester.searchRepositories(query: query).items))
          } catch {
            send(.setError("\(error)"))
          }
        },
        .just(.setLoading(false)))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setRepositories(let repositories):
      state.repositories = repositories
      state.error = nil
    case .setError(let message): state.error = message
    }
  }
}

/// A session recorded against the fixture server replays with the server stopped: the
/// recording holds every answer.
@Suite(.serialized) struct RecordingAgainstAServerTests {
  @MainActor @Test func aSessionRecordedAgainstTheServerReplaysWithTheServerStopped() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("uniflow-server-recording-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("session.jsonl").path

    let server = try await FixtureServer.start()
    let requester = GitHubSearchRequester(apiClient: APIClient(baseURL: server.baseURL))
    let reactor = RepositorySearchReactor(requester: requester)
    reactor.record(into: try SessionRecorder(creatingFileAt: path))
    for query in ["swift", "servererror", "uniflow"] {
      reactor.send(.search(query))
      await eventually("the answer to \(query)") { !reactor.currentState.isLoading }
    }
    #expect(reactor.currentState.repositories.count == 1)
    await server.stop()
    let recordedRequests = await server.requests.count
    #expect(recordedRequests == 3)

    // The server is gone and the replay's requester points at a closed port: nothing is
    // asked, every answer comes from the recording.
    let closed = APIClient(baseURL: URL(string: "http://127.0.0.1:\(FixtureServer.closedPort())")!)
    let tester = try ReactorTester(
      replaying: path,
      reactor: RepositorySearchReactor(requester: GitHubSearchRequester(apiClient: closed)))
    #expect(tester.replayed == SessionReplay(actions: 3, mutations: 12, matched: true))
    #expect(tester.state == reactor.currentState)
    #expect(tester.state.error == nil)
    await tester.finish()

    // The test written from it says what the server answered, and passes the same way.
    let source = try SessionTestWriter<RepositorySearchReactor>(
      makeReactor: "RepositorySearchReactor(requester: OfflineRequester())"
    ).source(session: path)
    #expect(source.contains("tester.send(.search(\"servererror\"))"))
    #expect(source.contains(#"await tester.receive(.setError("#))
    #expect(source.contains("GitHubRepository("))
    #expect(source.contains("htmlURL: URL(string: "))
  }
}
