import ReactorKit
import RxSwift

// A ReactorKit reactor as RxTodo and the apps after it write them.
final class ProfileViewReactor: Reactor {
  enum Action {
    case refresh
    case follow
    case rename(String?)
    case loadFollowers
  }

  enum Mutation {
    case setLoading(Bool)
    case setUser(User)
    case setFollowing(Bool)
    case setName(String)
    case setFollowers([User])
  }

  struct State {
    var isLoading = false
    var user: User?
    var isFollowing = false
    var followers: [User] = []
  }

  let initialState: State
  private let userService: UserServiceType
  private let userID: Int

  init(userService: UserServiceType, userID: Int) {
    self.userService = userService
    self.userID = userID
    self.initialState = State()
  }

  func mutate(action: Action) -> Observable<Mutation> {
    switch action {
    case .refresh:
      guard !currentState.isLoading else { return .empty() }
      return Observable.concat([
        Observable.just(Mutation.setLoading(true)),
        userService.user(id: userID).asObservable().map(Mutation.setUser),
        Observable.just(Mutation.setLoading(false)),
      ])

    case .follow:
      return Observable.just(Mutation.setFollowing(true))
        .concat(userService.follow(id: userID).asObservable().map(Mutation.setFollowing))

    case let .rename(name):
      guard let name = name, !name.isEmpty else { return .empty() }
      return .just(.setName(name))

    case .loadFollowers:
      let start = Observable<Mutation>.just(.setLoading(true))
      let end = Observable<Mutation>.just(.setLoading(false))
      let load = userService.followers(id: userID)
        .map { users -> Mutation in
          return .setFollowers(users)
        }
      return .concat([start, load, end])
    }
  }

  func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
    let renamed = userService.event.flatMap { event -> Observable<Mutation> in
      switch event {
      case let .rename(name): return .just(.setName(name))
      }
    }
    return Observable.merge(mutation, renamed)
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case let .setLoading(isLoading):
      state.isLoading = isLoading
    case let .setUser(user):
      state.user = user
    case let .setFollowing(isFollowing):
      state.isFollowing = isFollowing
    case let .setName(name):
      state.user?.name = name
    case let .setFollowers(users):
      state.followers = users
    }
    return state
  }

  #if swift(>=5.1)
    var title: String { currentState.user?.name ?? "Profile" }
  #else
    var title: String { return currentState.user.map { $0.name } ?? "Profile" }
  #endif
}
