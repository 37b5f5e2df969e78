import RxSwift
import Stubber
import XCTest

@testable import PortedApp

final class ProfileViewReactorTests: XCTestCase {
  var service: StubUserService!
  var reactor: ProfileViewReactor!

  override func setUp() {
    super.setUp()
    service = StubUserService()
    reactor = ProfileViewReactor(userService: service, userID: 7)
  }

  func testRefreshLoadsTheUser() {
    let kim = User(id: 7, name: "Kim", followers: 3)
    Stubber.register(service.user) { _ in .just(kim) }
    reactor.action.onNext(.refresh)
    XCTAssertEqual(reactor.currentState.user, kim)
    XCTAssertFalse(reactor.currentState.isLoading)
    XCTAssertEqual(Stubber.executions(service.user).count, 1)
    XCTAssertEqual(Stubber.executions(service.user).first?.arguments, 7)
  }

  func testARefreshThatFailsShowsNoUser() {
    Stubber.register(service.user) { _ in .error(APIError.offline) }
    reactor.action.onNext(.refresh)
    XCTAssertNil(reactor.currentState.user, "a failed request shows no user")
  }

  func testFollowSaysSoAtOnce() {
    reactor.action.onNext(.follow)
    XCTAssertFalse(reactor.currentState.isFollowing)
    Stubber.register(service.follow) { _ in .just(true) }
    reactor.action.onNext(.follow)
    XCTAssertTrue(reactor.currentState.isFollowing)
  }

  func testFollowersLoadWithTheFlagAround() {
    let lee = User(id: 8, name: "Lee", followers: 0)
    Stubber.register(service.followers) { _ in .just([lee]) }
    reactor.action.onNext(.loadFollowers)
    XCTAssertEqual(reactor.currentState.followers, [lee])
    XCTAssertFalse(reactor.currentState.isLoading)
    XCTAssertEqual(Stubber.executions(service.followers).first?.arguments, 7)
  }

  func testTheNameShownFollowsARefresh() {
    Stubber.register(service.user) { _ in .just(User(id: 7, name: "Kim", followers: 3)) }
    var names: [String?] = []
    _ = reactor.state.map { $0.user?.name }.distinctUntilChanged().skip(1)
      .subscribe(onNext: { names.append($0) })
    reactor.action.onNext(.refresh)
    XCTAssertEqual(names, ["Kim"])
  }

  func testAnEmptyNameIsIgnored() {
    Stubber.register(service.user) { _ in .just(User(id: 7, name: "Kim", followers: 3)) }
    reactor.action.onNext(.refresh)
    reactor.action.onNext(.rename(""))
    reactor.action.onNext(.rename(nil))
    XCTAssertEqual(reactor.currentState.user?.name, "Kim")
    service.event.onNext(.rename("Lee"))
    XCTAssertEqual(reactor.title, "Lee")
  }
}
