import Uniflow

// A ReactorKit reactor as RxTodo and the apps after it write them.
final class ProfileViewReactor: Reactor, ReturningReducer {
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
  let runtime = ReactorRuntime<ProfileViewReactor>()
  private let userService: UserServiceType
  private let userID: Int

  init(userService: UserServiceType, userID: Int) {
    self.userService = userService
    self.userID = userID
    self.initialState = State()
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .refresh:
      guard !currentState.isLoading else { return .none }
      // uniflow-migrate: an observable returned from mutate: its failure is now ignored and the reactor goes on; say .mutate(Mutation.setError) to show it (Migrating from ReactorKit, Behaviours that differ)
      return Effect.concat([
        Effect.just(Mutation.setLoading(true)),
        .publisher(userService.user(id: userID).map(Mutation.setUser), onError: .ignore),
        Effect.just(Mutation.setLoading(false)),
      ])

    case .follow:
      // uniflow-migrate: an observable returned from mutate: its failure is now ignored and the reactor goes on; say .mutate(Mutation.setError) to show it (Migrating from ReactorKit, Behaviours that differ)
      return Effect.just(Mutation.setFollowing(true)).concat(.publisher(userService.follow(id: userID).map(Mutation.setFollowing), onError: .ignore))

    case let .rename(name):
      guard let name = name, !name.isEmpty else { return .none }
      return .just(.setName(name))

    case .loadFollowers:
      let start = Just<Mutation>(.setLoading(true)).eraseToAnyPublisher()
      let end = Just<Mutation>(.setLoading(false)).eraseToAnyPublisher()
      let load = userService.followers(id: userID)
        .map { users -> Mutation in
          return .setFollowers(users)
        }
      return .concat([.publisher(start), .publisher(load), .publisher(end)])
    }
  }

  func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never> {
    let renamed = userService.event.flatMap { event -> AnyPublisher<Mutation, Never> in
      switch event {
      case let .rename(name): return .just(.setName(name))
      }
    }
    return Publishers.MergeMany(mutation.eraseToAnyPublisher(), renamed.eraseToAnyPublisher()).eraseToAnyPublisher()
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

  var title: String { currentState.user?.name ?? "Profile" }
}
