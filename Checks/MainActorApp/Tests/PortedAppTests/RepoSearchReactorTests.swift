import Uniflow
import Testing
import Foundation

@testable import PortedApp

// A search whose answers the test sends, one subject a query.
private final class ControlledSearching: RepoSearching {
  var answers: [String: PassthroughSubject<(repos: [String], nextPage: Int?), Never>] = [:]

  func search(query: String, page: Int) -> AnyPublisher<(repos: [String], nextPage: Int?), Never> {
    let answer = PassthroughSubject<(repos: [String], nextPage: Int?), Never>()
    answers["\(query) \(page)"] = answer
    return answer.eraseToAnyPublisher()
  }
}

@MainActor final class RepoSearchReactorTests {
  @Test func aNewQueryStopsTheSearchStillRunning() {
    let searching = ControlledSearching()
    let reactor = RepoSearchReactor(searching: searching)
    reactor.action.send(.updateQuery("sw"))
    reactor.action.send(.updateQuery("swift"))
    searching.answers["sw 1"]?.send((repos: ["old"], nextPage: nil))
    searching.answers["swift 1"]?.send((repos: ["apple/swift"], nextPage: 2))
    #expect(reactor.currentState.query == "swift")
    #expect(reactor.currentState.repos == ["apple/swift"])
    #expect(reactor.currentState.nextPage == 2)
  }

  @Test func theNextPageIsAppendedAndANewQueryStopsItToo() {
    let searching = ControlledSearching()
    let reactor = RepoSearchReactor(searching: searching)
    reactor.action.send(.updateQuery("swift"))
    searching.answers["swift 1"]?.send((repos: ["apple/swift"], nextPage: 2))
    reactor.action.send(.loadNextPage)
    #expect(reactor.currentState.isLoadingNextPage)
    searching.answers["swift 2"]?.send((repos: ["swift/format"], nextPage: nil))
    searching.answers["swift 2"]?.send(completion: .finished)
    #expect(reactor.currentState.repos == ["apple/swift", "swift/format"])
    #expect(!reactor.currentState.isLoadingNextPage)

    reactor.action.send(.updateQuery("rx"))
    searching.answers["rx 1"]?.send((repos: ["ReactiveX/RxSwift"], nextPage: 2))
    reactor.action.send(.loadNextPage)
    #expect(reactor.currentState.isLoadingNextPage)
    reactor.action.send(.updateQuery("combine"))
    searching.answers["rx 2"]?.send((repos: ["late"], nextPage: nil))
    #expect(reactor.currentState.repos == ["ReactiveX/RxSwift"], "the next page of rx came after the new query")
    #expect(!reactor.currentState.isLoadingNextPage, "the stopped page still ends its loading")
  }

  @Test func anEmptyQuerySearchesNothing() {
    let searching = ControlledSearching()
    let reactor = RepoSearchReactor(searching: searching)
    reactor.action.send(.updateQuery(""))
    #expect(searching.answers.isEmpty)
    #expect(reactor.currentState.repos == [])
  }
}
