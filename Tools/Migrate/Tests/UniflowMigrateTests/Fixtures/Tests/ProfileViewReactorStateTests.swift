import XCTest

@testable import PortedApp

// A reactor's test that imports no Rx module: RxSwift reaches it through the module it
// tests, so it compiled as it was; migrate takes it along with the reactor.
final class ProfileViewReactorStateTests: XCTestCase {
  func testAReactorStartsWithNothingLoaded() {
    let reactor = ProfileViewReactor(userService: StubUserService(), userID: 1)
    XCTAssertNil(reactor.currentState.user)
    XCTAssertFalse(reactor.currentState.isLoading)
  }

  func testAnEmptyNameIsIgnored() {
    let reactor = ProfileViewReactor(userService: StubUserService(), userID: 1)
    reactor.action.onNext(.rename(""))
    XCTAssertNil(reactor.currentState.user)
  }
}
