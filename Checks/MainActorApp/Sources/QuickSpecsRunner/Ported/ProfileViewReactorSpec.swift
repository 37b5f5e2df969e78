import Nimble
import Quick
import Uniflow

@testable import PortedApp

// The reactor's specs, as a ReactorKit app's Quick specs are written.
final class ProfileViewReactorSpec: QuickSpec {
  override class func spec() {
    // uniflow-migrate: a var shared by Quick's closures: Quick runs a spec's closures on the main thread one after another, so it is marked nonisolated(unsafe); a main-actor box is the checked alternative (Migrating with uniflow migrate, Tests)
    nonisolated(unsafe) var service: StubUserService!
    // uniflow-migrate: a var shared by Quick's closures: Quick runs a spec's closures on the main thread one after another, so it is marked nonisolated(unsafe); a main-actor box is the checked alternative (Migrating with uniflow migrate, Tests)
    nonisolated(unsafe) var reactor: ProfileViewReactor!

    beforeEach {
      service = StubUserService()
      reactor = ProfileViewReactor(userService: service, userID: 1)
    }

    describe("refresh") {
      context("when the user loads") {
        beforeEach {
          service.userHandler = { _ in .just(User(id: 1, name: "Kim", followers: 9)) }
        }

        it("shows the user") {
          reactor.action.send(.refresh)
          expect(reactor.currentState.user?.followers) == 9
          expect(reactor.currentState.isLoading) == false
        }
      }

      context("when a refresh is running") {
        it("starts no other") {
          reactor.action.send(.refresh)
          reactor.action.send(.refresh)
          expect(service.userCalls.count) == 1
        }
      }
    }
  }
}
