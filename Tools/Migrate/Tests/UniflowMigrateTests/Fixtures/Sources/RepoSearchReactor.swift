import Foundation
import ReactorKit
import RxCocoa
import RxSwift

protocol RepoSearching {
  func search(query: String, page: Int) -> Observable<(repos: [String], nextPage: Int?)>
}

// The live search: RxCocoa's JSON request, its failure read as no results.
final class GitHubRepoSearching: RepoSearching {
  private let session: URLSession

  init(session: URLSession = .shared) {
    self.session = session
  }

  func search(query: String, page: Int) -> Observable<(repos: [String], nextPage: Int?)> {
    let none: ([String], Int?) = ([], nil)
    guard let url = URL(string: "https://api.github.com/search/repositories?q=\(query)&page=\(page)")
    else { return .just(none) }
    return session.rx.json(url: url)
      .map { json -> ([String], Int?) in
        guard let body = json as? [String: Any], let items = body["items"] as? [[String: Any]] else {
          return none
        }
        let names = items.compactMap { $0["full_name"] as? String }
        return (names, names.isEmpty ? nil : page + 1)
      }
      .catchErrorJustReturn(none)
  }
}

// A search screen as ReactorKit's own example writes it: a new query stops the search
// that is still running, through `takeUntil` on the reactor's actions.
final class RepoSearchReactor: Reactor {
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
  private let searching: RepoSearching

  init(searching: RepoSearching) {
    self.searching = searching
  }

  func mutate(action: Action) -> Observable<Mutation> {
    switch action {
    case let .updateQuery(query):
      return Observable.concat([
        Observable.just(Mutation.setQuery(query)),
        self.search(query: query, page: 1)
          .takeUntil(self.action.filter(isUpdateQueryAction))
          .map { Mutation.setRepos($0, nextPage: $1) },
      ])

    case .loadNextPage:
      guard !self.currentState.isLoadingNextPage else { return Observable.empty() }
      guard let page = self.currentState.nextPage else { return Observable.empty() }
      return Observable.concat([
        Observable.just(Mutation.setLoadingNextPage(true)),
        self.search(query: self.currentState.query, page: page)
          .takeUntil(self.action.filter(isUpdateQueryAction))
          .map { Mutation.appendRepos($0, nextPage: $1) },
        Observable.just(Mutation.setLoadingNextPage(false)),
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

  private func search(query: String?, page: Int) -> Observable<(repos: [String], nextPage: Int?)> {
    guard let query = query, !query.isEmpty else { return .just(([], nil)) }
    return searching.search(query: query, page: page)
  }

  private func isUpdateQueryAction(_ action: Action) -> Bool {
    if case .updateQuery = action {
      return true
    } else {
      return false
    }
  }
}
