import Testing
import Foundation

@testable import PortedApp

// A reactor's test that imports no Rx module: RxSwift reaches it through the module it
// tests, so it compiled as it was; migrate takes it along with the reactor.
@MainActor final class ProfileViewReactorStateTests {
  @Test func aReactorStartsWithNothingLoaded() {
    let reactor = ProfileViewReactor(userService: StubUserService(), userID: 1)
    #expect(reactor.currentState.user == nil)
    #expect(!reactor.currentState.isLoading)
  }

  @Test func anEmptyNameIsIgnored() {
    let reactor = ProfileViewReactor(userService: StubUserService(), userID: 1)
    reactor.action.send(.rename(""))
    #expect(reactor.currentState.user == nil)
  }
}
