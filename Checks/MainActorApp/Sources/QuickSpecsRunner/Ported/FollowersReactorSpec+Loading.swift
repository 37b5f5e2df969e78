import Nimble
import Quick
import UniflowTesting
import Uniflow

@testable import PortedApp

nonisolated extension FollowersReactorSpec {
  static func describeLoading() {
    describe("loading") {
      it("shows the user's name and followers") { @MainActor in
        let service = StubUserService()
        service.followersHandler = { _ in .just([User(id: 2, name: "Lee", followers: 0)]) }
        service.userHandler = { _ in .just(User(id: 1, name: "Kim", followers: 1)) }
        let reactor = makeReactor(service)
        reactor.action.send(.load(userID: 1))
        let name = try await reactor.state.map { $0.name }.filter { !$0.isEmpty }.prefix(1).awaitValues(timeout: 2).first
        expect(name) == "Kim"
        expect(reactor.currentState.followers.count) == 1
      }
    }
  }

  @MainActor static func makeReactor(_ service: StubUserService) -> FollowersReactor {
    return FollowersReactor(userService: service)
  }
}
