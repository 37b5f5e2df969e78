import Nimble
import Quick
import RxBlocking
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
  }
}
