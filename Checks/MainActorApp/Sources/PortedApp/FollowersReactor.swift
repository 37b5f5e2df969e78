import Uniflow

// A reactor whose mutate and reduce live in an extension in a file of their own, as
// several ReactorKit apps keep them, with its types spelled with its name there.
final class FollowersReactor: Reactor, ReturningReducer {
  enum Action {
    case load(userID: Int)
    case follow(userID: Int)
  }

  enum Mutation {
    case setFollowers([User])
    case setName(String)
    case setFollowing(Bool)
  }

  struct State {
    var followers: [User] = []
    var name = ""
    var isFollowing = false
  }

  let initialState = State()
  let runtime = ReactorRuntime<FollowersReactor>()
  let userService: UserServiceType

  enum FollowError: Error {
    case notAUser
  }

  init(userService: UserServiceType) {
    self.userService = userService
  }
}
