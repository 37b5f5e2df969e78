import Nimble
import Quick
import RxSwift
import Stubber

@testable import PortedApp

// The reactor's specs, as a ReactorKit app's Quick specs are written.
final class ProfileViewReactorSpec: QuickSpec {
  override func spec() {
    var service: StubUserService!
    var reactor: ProfileViewReactor!

    beforeEach {
      service = StubUserService()
      reactor = ProfileViewReactor(userService: service, userID: 1)
    }

    describe("refresh") {
      context("when the user loads") {
        beforeEach {
          Stubber.register(service.user) { _ in .just(User(id: 1, name: "Kim", followers: 9)) }
        }

        it("shows the user") {
          reactor.action.onNext(.refresh)
          expect(reactor.currentState.user?.followers) == 9
          expect(reactor.currentState.isLoading) == false
        }
      }

      context("when a refresh is running") {
        it("starts no other") {
          reactor.action.onNext(.refresh)
          reactor.action.onNext(.refresh)
          expect(Stubber.executions(service.user).count) == 1
        }
      }
    }
  }
}
