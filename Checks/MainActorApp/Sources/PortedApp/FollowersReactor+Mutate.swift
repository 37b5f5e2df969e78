import Uniflow

extension FollowersReactor {
  func mutate(action: FollowersReactor.Action) -> Effect<FollowersReactor.Mutation> {
    switch action {
    case let .load(userID):
      let followers = userService.followers(id: userID)
        .map { FollowersReactor.Mutation.setFollowers($0) }
      let name = userService.user(id: userID).eraseToAnyPublisher()
        .map { FollowersReactor.Mutation.setName($0.name) }
      // uniflow-migrate: an observable returned from mutate: its failure is now ignored and the reactor goes on; say .mutate(Mutation.setError) to show it (Migrating from ReactorKit, Behaviours that differ)
      return Effect.merge(.publisher(followers), .publisher(name, onError: .ignore))
    case let .follow(userID):
      // A closure typed with the observable it returns, which fails.
      // uniflow-migrate: an observable returned from mutate: its failure is now ignored and the reactor goes on; say .mutate(Mutation.setError) to show it (Migrating from ReactorKit, Behaviours that differ)
      return .publisher(Just(userID).eraseToAnyPublisher()
        .tryFilter { id in
          if id < 0 { throw FollowersReactor.FollowError.notAUser }
          return true
        }
        .flatMap { id -> AnyPublisher<FollowersReactor.Mutation, any Error> in
          self.userService.follow(id: id)
            .map { FollowersReactor.Mutation.setFollowing($0) }.eraseToAnyPublisher()
        }, onError: .ignore)
    }
  }

  func reduce(state: FollowersReactor.State, mutation: FollowersReactor.Mutation) -> FollowersReactor.State {
    var state = state
    switch mutation {
    case let .setFollowers(users):
      state.followers = users
    case let .setName(name):
      state.name = name
    case let .setFollowing(isFollowing):
      state.isFollowing = isFollowing
    }
    return state
  }
}
