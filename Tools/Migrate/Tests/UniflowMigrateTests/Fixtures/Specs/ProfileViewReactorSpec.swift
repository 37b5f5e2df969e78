import Nimble
import Quick
import RxBlocking
import RxSwift
import Stubber

@testable import PortedApp

// The reactor's specs, as a ReactorKit app's Quick specs are written.
final class ProfileViewReactorSpec: QuickSpec {
  override func spec() {
    super.spec()

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

      context("when the user answers later, on the main queue") {
        beforeEach {
          Stubber.register(service.user) { _ in
            Single.just(User(id: 1, name: "Kim", followers: 9))
              .delay(.milliseconds(20), scheduler: MainScheduler.instance)
          }
        }

        it("shows the user once it has come") {
          reactor.action.onNext(.refresh)
          let user = try reactor.state.compactMap { $0.user }.toBlocking(timeout: 2).first()
          expect(user?.name) == "Kim"
          expect(reactor.currentState.isLoading).toEventually(beFalse())
        }

        it("counts its followers") {
          reactor.action.onNext(.refresh)
          expect(try reactor.state.map { $0.user?.followers }.filter { $0 != nil }.toBlocking(timeout: 2).first()) == 9
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

    describe("the title") {
      func title(of reactor: ProfileViewReactor) -> String {
        return reactor.title
      }

      context("before the user loads") {
        var reactor: ProfileViewReactor!

        beforeEach {
          reactor = ProfileViewReactor(userService: service, userID: 2)
          _ = reactor.state
        }

        it("is the screen's name") {
          expect(title(of: reactor)) == "Profile"
        }
      }

      context("after the user loads") {
        var reactor: ProfileViewReactor!

        beforeEach {
          Stubber.register(service.user) { _ in .just(User(id: 2, name: "Lee", followers: 0)) }
          reactor = ProfileViewReactor(userService: service, userID: 2)
          reactor.action.onNext(.refresh)
        }

        it("is the user's name") {
          let reactor = reactor!
          expect(title(of: reactor)) == "Lee"
        }
      }
    }
  }
}
