import Nimble
import Quick
import RxBlocking
import RxSwift
import Stubber

@testable import PortedApp

extension FollowersReactorSpec {
  func describeLoading() {
    describe("loading") {
      it("shows the user's name and followers") {
        let service = StubUserService()
        Stubber.register(service.followers) { _ in .just([User(id: 2, name: "Lee", followers: 0)]) }
        Stubber.register(service.user) { _ in .just(User(id: 1, name: "Kim", followers: 1)) }
        let reactor = makeReactor(service)
        reactor.action.onNext(.load(userID: 1))
        let name = try reactor.state.map { $0.name }.filter { !$0.isEmpty }.toBlocking(timeout: 2).first()
        expect(name) == "Kim"
        expect(reactor.currentState.followers.count) == 1
      }
    }
  }

  func makeReactor(_ service: StubUserService) -> FollowersReactor {
    return FollowersReactor(userService: service)
  }
}
