import Foundation
import GitHubSearchCore
import NetworkTestSupport
import Networking
import SignInCore
import Testing
import Uniflow
import UniflowTesting
import WikipediaSearchCore

// The example apps' streams and view models tested exhaustively: every value of every
// output is asserted, in order, so a value nobody asked about fails the test. The
// seeds' own style (an observer per output, its last value compared) stands beside each
// in `SearchViewStreamSeedTests`, `WikipediaSearchVirtualTimeTests` and `SignInTests`.

@Suite struct SearchViewStreamExhaustiveTests {
  let scheduler = VirtualTimeScheduler()
  let mock = MockSearchAPIStream()
  let repository = GitHubRepository(
    id: 1, fullName: "swiftlang/swift", stargazersCount: 68_800,
    htmlURL: URL(string: "https://github.com/swiftlang/swift")!)

  @Test func aQueryShowsLoadingThenTheResultsThenAnErrorThenResultsAgain() async {
    let tester = StreamTester {
      SearchViewStream(
        searchAPIStream: mock, scheduler: scheduler.scheduler.eraseToAnyScheduler(),
        debounce: .seconds(1))
    }
    tester.input.searchText("  swift ")
    scheduler.advance(by: 2)
    await tester.receive(\.isLoading, true)

    mock._outputRepositories.accept([repository])
    scheduler.advance()
    await tester.receive(\.error, nil)
    await tester.receive(\.repositories, [repository])
    await tester.receive(\.isLoading, false)

    tester.input.searchText("notfound")
    scheduler.advance(by: 2)
    await tester.receive(\.isLoading, true)
    let notFound = APIError.httpStatus(code: 404, message: "Not Found", retryAfter: nil)
    mock._outputError.accept(notFound)
    scheduler.advance()
    await tester.receive(\.error, notFound)
    await tester.receive(\.isLoading, false)

    tester.input.searchText("")
    scheduler.advance(by: 2)
    await tester.receive(\.repositories, [])
    await tester.receive(\.error, nil)
    await tester.receive(\.isLoading, false)
    await tester.finish()
  }
}

/// A requester whose answers the test sends, one query at a time, when it chooses; a call
/// cancelled before its answer ends with `.transport(.cancelled)`, as URLSession's does.
final class HeldRequester: GitHubSearchRequesterProtocol {
  private struct Calls {
    var queried: [String] = []
    var waiting: [String: CheckedContinuation<SearchRepositoriesResponse, any Error>] = [:]
  }
  private let calls = Locked(Calls())

  var queries: [String] { calls.withLock { $0.queried } }
  var waitingQueries: [String] { calls.withLock { $0.waiting.keys.sorted() } }

  func searchRepositories(query: String) async throws(APIError) -> SearchRepositoriesResponse {
    do {
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          calls.withLock {
            $0.queried.append(query)
            // Cancelled before it got here: the handler has run already, with nothing to end.
            if Task.isCancelled {
              continuation.resume(
                throwing: APIError.transport(code: .cancelled, message: "cancelled"))
            } else {
              $0.waiting[query] = continuation
            }
          }
        }
      } onCancel: {
        calls.withLock { $0.waiting.removeValue(forKey: query) }?
          .resume(throwing: APIError.transport(code: .cancelled, message: "cancelled"))
      }
    } catch {
      throw error as? APIError ?? .transport(code: .unknown, message: "\(error)")
    }
  }

  /// Answers the request for `query` with `items` (nobody hears it if it was cancelled).
  func answer(_ query: String, with items: [GitHubRepository]) {
    calls.withLock { $0.waiting.removeValue(forKey: query) }?.resume(
      returning: SearchRepositoriesResponse(
        totalCount: items.count, incompleteResults: false, items: items))
  }
}

extension SearchViewStreamExhaustiveTests {
  // Blank in every way the field can be: empty, spaces, tabs and a newline, an
  // ideographic space (a Japanese keyboard's).
  @Test(arguments: ["", " \t\n ", "\u{3000}"])
  func clearingTheFieldWhileARequestIsOnItsWayKeepsTheScreenEmpty(blank: String) async {
    let requester = HeldRequester()
    let tester = StreamTester {
      SearchViewStream(
        searchAPIStream: SearchAPIStream(requester: requester),
        scheduler: scheduler.scheduler.eraseToAnyScheduler(), debounce: .seconds(1))
    }
    tester.input.searchText("swift")
    scheduler.advance(by: 2)
    await tester.receive(\.isLoading, true)
    tester.input.searchText(blank)
    scheduler.advance(by: 2)
    await tester.receive(\.repositories, [])
    await tester.receive(\.error, nil)
    await tester.receive(\.isLoading, false)
    // The answer to "swift" comes back after the field was cleared: nobody may show it.
    requester.answer("swift", with: [repository])
    scheduler.advance(by: 1)
    await eventually("the call to have started") { requester.queries == ["swift"] }
    #expect(requester.waitingQueries.isEmpty)
    await tester.finish()
  }
}

@Suite struct WikipediaSearchExhaustiveTests {
  @Test func onlyTheThreeLetterWordIsSearchedAndLoadingFramesItsPages() async {
    let scheduler = VirtualTimeScheduler()
    let page = WikipediaPage(title: "スイフト", pageid: 499755)
    let api = MockWikipediaAPI(
      results: Just([page]).setFailureType(to: APIError.self).eraseToAnyPublisher())
    let words = scheduler.createHotPublisher([
      Recorded<String, Never>.next(1, "S"), .next(2, "Sw"), .next(3, "Swi"), .next(4, "Sw"),
    ])
    let tester = OutputTester(outputs: \.wikipediaPages, \.error, \.isLoading) {
      WikipediaSearchViewModel(searchWord: words.eraseToAnyPublisher(), api: api)
    }
    scheduler.advance(to: 3)
    await tester.receive(\.isLoading, true)
    await tester.receive(\.wikipediaPages, [page])
    await tester.receive(\.isLoading, false)
    scheduler.advance(to: 4)
    await tester.finish()
    #expect(api.searchedWords == ["Swi"])
  }
}

/// Answers every sign-in with the same result.
struct StubSignIn: SignIn {
  let result: Result<String, APIError>

  func sendRequest(email: String, password: String) -> AnyPublisher<String, APIError> {
    result.publisher.eraseToAnyPublisher()
  }
}

@Suite struct SignInExhaustiveTests {
  let email = PublishRelay<String>()
  let password = PublishRelay<String>()
  let taps = PublishRelay<Void>()

  func makeTester(_ result: Result<String, APIError>) -> OutputTester<ViewModel> {
    OutputTester(outputs: \.isSubmitEnabled, \.requestError, \.nextViewPushing) {
      ViewModel(
        emailText: email.eraseToAnyPublisher(), passwordText: password.eraseToAnyPublisher(),
        submitButtonTap: taps.eraseToAnyPublisher(), signIn: StubSignIn(result: result))
    }
  }

  @Test func aValidFormSignsInAndPushesTheNextView() async {
    let tester = makeTester(.success("token"))
    email.accept("taro@example.com")
    password.accept("secret")
    await tester.receive(\.isSubmitEnabled, true)
    taps.accept(())
    await tester.receive(\.requestError, nil)
    await tester.receive(\.nextViewPushing) { _ in true }
    await tester.finish()
  }

  @Test func aRefusedSignInSetsTheErrorAndPushesNothing() async {
    let refused = APIError.httpStatus(code: 401, message: "wrong password", retryAfter: nil)
    let tester = makeTester(.failure(refused))
    email.accept("taro@example.com")
    password.accept("wrong")
    await tester.receive(\.isSubmitEnabled, true)
    taps.accept(())
    await tester.receive(\.requestError, nil)
    await tester.receive(\.requestError, refused)
    await tester.finish()
  }

  @Test func aRefusedSignInSetsTheErrorEvenWhenNobodyWatchesTheNextView() async {
    // The error was once set inside the request's `map`, so it was set only while
    // something subscribed to `nextViewPushing`. It is now an output of its own.
    let refused = APIError.httpStatus(code: 401, message: "wrong password", retryAfter: nil)
    let tester = OutputTester(outputs: \.requestError) {
      ViewModel(
        emailText: email.eraseToAnyPublisher(), passwordText: password.eraseToAnyPublisher(),
        submitButtonTap: taps.eraseToAnyPublisher(), signIn: StubSignIn(result: .failure(refused)))
    }
    email.accept("taro@example.com")
    password.accept("wrong")
    taps.accept(())
    await tester.receive(\.requestError, nil)
    await tester.receive(\.requestError, refused)
    await tester.finish()
  }
}
