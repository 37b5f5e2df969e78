import Uniflow

// A reactor whose mutate and reduce live in an extension in a file of their own, as
// several ReactorKit apps keep them, with its types spelled with its name there.
final class FollowersReactor: Reactor, ReturningReducer {
  enum Action {
    case load(userID: Int)
  }

  enum Mutation {
    case setFollowers([User])
    case setName(String)
  }

  struct State {
    var followers: [User] = []
    var name = ""
  }

  let initialState = State()
  let runtime = ReactorRuntime<FollowersReactor>()
  let userService: UserServiceType

  init(userService: UserServiceType) {
    self.userService = userService
  }
}
