import ReactorKit
import RxSwift

extension FollowersReactor {
  func mutate(action: FollowersReactor.Action) -> Observable<FollowersReactor.Mutation> {
    switch action {
    case let .load(userID):
      let followers = userService.followers(id: userID)
        .map { FollowersReactor.Mutation.setFollowers($0) }
      let name = userService.user(id: userID).asObservable()
        .map { FollowersReactor.Mutation.setName($0.name) }
      return Observable.merge(followers, name)
    case let .follow(userID):
      // A closure typed with the observable it returns, which fails.
      return Observable.just(userID)
        .filter { id in
          if id < 0 { throw FollowersReactor.FollowError.notAUser }
          return true
        }
        .flatMap { id -> Observable<FollowersReactor.Mutation> in
          self.userService.follow(id: id).asObservable()
            .map { FollowersReactor.Mutation.setFollowing($0) }
        }
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
