import Uniflow
import Testing
import Foundation

@testable import PortedApp

// The tests of a reactor whose mutate and reduce live in an extension.
@MainActor final class FollowersReactorTests {
  var service: StubUserService!
  var reactor: FollowersReactor!

  init() {
    service = StubUserService()
    reactor = FollowersReactor(userService: service)
  }

  @Test func loadingShowsTheFollowersAndTheName() {
    let lee = User(id: 2, name: "Lee", followers: 0)
    service.followersHandler = { _ in .just([lee]) }
    service.userHandler = { _ in .just(User(id: 1, name: "Kim", followers: 1)) }
    reactor.action.send(.load(userID: 1))
    #expect(reactor.currentState.followers == [lee])
    #expect(reactor.currentState.name == "Kim")
    #expect(service.followersCalls.first == 1)
    #expect(service.userCalls.first == 1)
  }

  @Test func aFailingNameStillShowsTheFollowers() {
    let lee = User(id: 2, name: "Lee", followers: 0)
    service.followersHandler = { _ in .just([lee]) }
    service.userHandler = { _ in .error(APIError.offline) }
    reactor.action.send(.load(userID: 1))
    #expect(reactor.currentState.followers == [lee])
    #expect(reactor.currentState.name == "")
  }

  @Test func followingSaysSo() {
    service.followHandler = { _ in .just(true) }
    reactor.action.send(.follow(userID: 3))
    #expect(reactor.currentState.isFollowing)
    #expect(service.followCalls.first == 3)
  }

  @Test func noUserIsFollowedUnderZero() {
    service.followHandler = { _ in .just(true) }
    reactor.action.send(.follow(userID: -1))
    #expect(!reactor.currentState.isFollowing)
    #expect(service.followCalls.isEmpty)
  }
}
