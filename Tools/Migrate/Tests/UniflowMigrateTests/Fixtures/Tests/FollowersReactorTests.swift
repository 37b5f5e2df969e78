import RxSwift
import Stubber
import XCTest

@testable import PortedApp

// The tests of a reactor whose mutate and reduce live in an extension.
final class FollowersReactorTests: XCTestCase {
  var service: StubUserService!
  var reactor: FollowersReactor!

  override func setUp() {
    super.setUp()
    service = StubUserService()
    reactor = FollowersReactor(userService: service)
  }

  func testLoadingShowsTheFollowersAndTheName() {
    let lee = User(id: 2, name: "Lee", followers: 0)
    Stubber.register(service.followers) { _ in .just([lee]) }
    Stubber.register(service.user) { _ in .just(User(id: 1, name: "Kim", followers: 1)) }
    reactor.action.onNext(.load(userID: 1))
    XCTAssertEqual(reactor.currentState.followers, [lee])
    XCTAssertEqual(reactor.currentState.name, "Kim")
    XCTAssertEqual(Stubber.executions(service.followers).first?.arguments, 1)
    XCTAssertEqual(Stubber.executions(service.user).first?.arguments, 1)
  }

  func testAFailingNameStillShowsTheFollowers() {
    let lee = User(id: 2, name: "Lee", followers: 0)
    Stubber.register(service.followers) { _ in .just([lee]) }
    Stubber.register(service.user) { _ in .error(APIError.offline) }
    reactor.action.onNext(.load(userID: 1))
    XCTAssertEqual(reactor.currentState.followers, [lee])
    XCTAssertEqual(reactor.currentState.name, "")
  }

  func testFollowingSaysSo() {
    Stubber.register(service.follow) { _ in .just(true) }
    reactor.action.onNext(.follow(userID: 3))
    XCTAssertTrue(reactor.currentState.isFollowing)
    XCTAssertEqual(Stubber.executions(service.follow).first?.arguments, 3)
  }

  func testNoUserIsFollowedUnderZero() {
    Stubber.register(service.follow) { _ in .just(true) }
    reactor.action.onNext(.follow(userID: -1))
    XCTAssertFalse(reactor.currentState.isFollowing)
    XCTAssertTrue(Stubber.executions(service.follow).isEmpty)
  }
}
