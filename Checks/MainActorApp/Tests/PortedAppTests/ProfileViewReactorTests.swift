import Uniflow
import Testing
import Foundation

@testable import PortedApp

@MainActor final class ProfileViewReactorTests {
  var service: StubUserService!
  var reactor: ProfileViewReactor!

  init() {
    service = StubUserService()
    reactor = ProfileViewReactor(userService: service, userID: 7)
  }

  @Test func refreshLoadsTheUser() {
    let kim = User(id: 7, name: "Kim", followers: 3)
    service.userHandler = { _ in .just(kim) }
    reactor.action.send(.refresh)
    #expect(reactor.currentState.user == kim)
    #expect(!reactor.currentState.isLoading)
    #expect(service.userCalls.count == 1)
    #expect(service.userCalls.first == 7)
  }

  @Test func aRefreshThatFailsShowsNoUser() {
    service.userHandler = { _ in .error(APIError.offline) }
    reactor.action.send(.refresh)
    #expect(reactor.currentState.user == nil, "a failed request shows no user")
  }

  @Test func followSaysSoAtOnce() {
    reactor.action.send(.follow)
    #expect(!reactor.currentState.isFollowing)
    service.followHandler = { _ in .just(true) }
    reactor.action.send(.follow)
    #expect(reactor.currentState.isFollowing)
  }

  @Test func followersLoadWithTheFlagAround() {
    let lee = User(id: 8, name: "Lee", followers: 0)
    service.followersHandler = { _ in .just([lee]) }
    reactor.action.send(.loadFollowers)
    #expect(reactor.currentState.followers == [lee])
    #expect(!reactor.currentState.isLoading)
    #expect(service.followersCalls.first == 7)
  }

  @Test func theNameShownFollowsARefresh() {
    service.userHandler = { _ in .just(User(id: 7, name: "Kim", followers: 3)) }
    var names: [String?] = []
    let subscription = reactor.state.map { $0.user?.name }.removeDuplicates().dropFirst(1)
      .sink(receiveValue: { names.append($0) })
    defer { subscription.cancel() }
    reactor.action.send(.refresh)
    #expect(names == ["Kim"])
  }

  @Test func anEmptyNameIsIgnored() {
    service.userHandler = { _ in .just(User(id: 7, name: "Kim", followers: 3)) }
    reactor.action.send(.refresh)
    reactor.action.send(.rename(""))
    reactor.action.send(.rename(nil))
    #expect(reactor.currentState.user?.name == "Kim")
    service.event.send(.rename("Lee"))
    #expect(reactor.title == "Lee")
  }
}
