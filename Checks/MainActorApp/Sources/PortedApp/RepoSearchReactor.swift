import Foundation
import Uniflow
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

protocol RepoSearching {
  func search(query: String, page: Int) -> AnyPublisher<(repos: [String], nextPage: Int?), Never>
}

// The live search: RxCocoa's JSON request, its failure read as no results.
final class GitHubRepoSearching: RepoSearching {
  private let session: URLSession

  init(session: URLSession = .shared) {
    self.session = session
  }

  func search(query: String, page: Int) -> AnyPublisher<(repos: [String], nextPage: Int?), Never> {
    let none: ([String], Int?) = ([], nil)
    guard let url = URL(string: "https://api.github.com/search/repositories?q=\(query)&page=\(page)")
    else { return .just(none) }
    // uniflow-migrate: URLSession.rx.data or rx.json: written as Single { try await session.data(for:) }; RxCocoa also failed on a status outside 200..<300, so check the response's status where it matters (Migrating from RxSwift MVVM, The porting kit)
    return Single { [session] in try await session.data(from: url).0 }.tryMap { try JSONSerialization.jsonObject(with: $0) }.eraseToAnyPublisher()
      .map { json -> ([String], Int?) in
        guard let body = json as? [String: Any], let items = body["items"] as? [[String: Any]] else {
          return none
        }
        let names = items.compactMap { $0["full_name"] as? String }
        return (names, names.isEmpty ? nil : page + 1)
      }
      .replaceError(with: none).eraseToAnyPublisher()
  }
}

// A search screen as ReactorKit's own example writes it: a new query stops the search
// that is still running, through `takeUntil` on the reactor's actions.
final class RepoSearchReactor: Reactor, ReturningReducer {
  enum Action {
    case updateQuery(String?)
    case loadNextPage
  }

  enum Mutation {
    case setQuery(String?)
    case setRepos([String], nextPage: Int?)
    case appendRepos([String], nextPage: Int?)
    case setLoadingNextPage(Bool)
  }

  struct State {
    var query: String?
    var repos: [String] = []
    var nextPage: Int?
    var isLoadingNextPage = false
  }

  let initialState = State()
  let runtime = ReactorRuntime<RepoSearchReactor>()
  private let searching: RepoSearching

  init(searching: RepoSearching) {
    self.searching = searching
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case let .updateQuery(query):
      return Effect.concat([
        Effect.just(Mutation.setQuery(query)),
        .publisher(self.search(query: query, page: 1)
          .prefix(untilOutputFrom: self.action.filter(isUpdateQueryAction))
          .map { Mutation.setRepos($0, nextPage: $1) }),
      ])

    case .loadNextPage:
      guard !self.currentState.isLoadingNextPage else { return Effect.none }
      guard let page = self.currentState.nextPage else { return Effect.none }
      return Effect.concat([
        Effect.just(Mutation.setLoadingNextPage(true)),
        .publisher(self.search(query: self.currentState.query, page: page)
          .prefix(untilOutputFrom: self.action.filter(isUpdateQueryAction))
          .map { Mutation.appendRepos($0, nextPage: $1) }),
        Effect.just(Mutation.setLoadingNextPage(false)),
      ])
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case let .setQuery(query):
      state.query = query
    case let .setRepos(repos, nextPage):
      state.repos = repos
      state.nextPage = nextPage
    case let .appendRepos(repos, nextPage):
      state.repos.append(contentsOf: repos)
      state.nextPage = nextPage
    case let .setLoadingNextPage(isLoadingNextPage):
      state.isLoadingNextPage = isLoadingNextPage
    }
    return state
  }

  private func search(query: String?, page: Int) -> AnyPublisher<(repos: [String], nextPage: Int?), Never> {
    guard let query = query, !query.isEmpty else { return .just(([], nil)) }
    return searching.search(query: query, page: page).eraseToAnyPublisher()
  }

  private func isUpdateQueryAction(_ action: Action) -> Bool {
    if case .updateQuery = action {
      return true
    } else {
      return false
    }
  }
}
