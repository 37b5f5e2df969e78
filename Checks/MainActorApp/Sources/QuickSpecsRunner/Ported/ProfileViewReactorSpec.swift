import Nimble
import Quick
import UniflowTesting
import Uniflow

@testable import PortedApp

// The reactor's specs, as a ReactorKit app's Quick specs are written.
nonisolated final class ProfileViewReactorSpec: AsyncSpec {
  @MainActor static var service: StubUserService!
  @MainActor static var reactor: ProfileViewReactor!
  @MainActor static var reactor2: ProfileViewReactor!
  @MainActor static var reactor3: ProfileViewReactor!

  override class func spec() {
    super.spec()

    beforeEach { @MainActor in
      service = StubUserService()
      reactor = ProfileViewReactor(userService: service, userID: 1)
    }

    describe("refresh") {
      context("when the user loads") {
        beforeEach { @MainActor in
          service.userHandler = { _ in .just(User(id: 1, name: "Kim", followers: 9)) }
        }

        it("shows the user") { @MainActor in
          reactor.action.send(.refresh)
          expect(reactor.currentState.user?.followers) == 9
          expect(reactor.currentState.isLoading) == false
        }
      }

      context("when the user answers later, on the main queue") {
        beforeEach { @MainActor in
          service.userHandler = { _ in
            Single.just(User(id: 1, name: "Kim", followers: 9))
              .delay(for: .milliseconds(20), scheduler: MainScheduler.instance).eraseToAnyPublisher()
          }
        }

        it("shows the user once it has come") { @MainActor in
          reactor.action.send(.refresh)
          let user = try await reactor.state.compactMap { $0.user }.prefix(1).awaitValues(timeout: 2).first
          expect(user?.name) == "Kim"
          await eventually { reactor.currentState.isLoading == false }
        }

        it("counts its followers") { @MainActor in
          reactor.action.send(.refresh)
          let value = try await reactor.state.map { $0.user?.followers }.filter { $0 != nil }.prefix(1).awaitValues(timeout: 2).first
          expect(value) == 9
        }
      }

      context("when a refresh is running") {
        it("starts no other") { @MainActor in
          reactor.action.send(.refresh)
          reactor.action.send(.refresh)
          expect(service.userCalls.count) == 1
        }
      }
    }

    describe("the title") {
      @MainActor func title(of reactor: ProfileViewReactor) -> String {
        return reactor.title
      }

      context("before the user loads") {
        beforeEach { @MainActor in
          reactor2 = ProfileViewReactor(userService: service, userID: 2)
          _ = reactor2.state
        }

        it("is the screen's name") { @MainActor in
          expect(title(of: reactor2)) == "Profile"
        }
      }

      context("after the user loads") {
        beforeEach { @MainActor in
          service.userHandler = { _ in .just(User(id: 2, name: "Lee", followers: 0)) }
          reactor3 = ProfileViewReactor(userService: service, userID: 2)
          reactor3.action.send(.refresh)
        }

        it("is the user's name") { @MainActor in
          let reactor = reactor3!
          expect(title(of: reactor)) == "Lee"
        }
      }
    }
  }
}
