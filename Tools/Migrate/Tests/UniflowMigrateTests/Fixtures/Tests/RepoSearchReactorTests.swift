import RxSwift
import XCTest

@testable import PortedApp

// A search whose answers the test sends, one subject a query.
private final class ControlledSearching: RepoSearching {
  var answers: [String: PublishSubject<(repos: [String], nextPage: Int?)>] = [:]

  func search(query: String, page: Int) -> Observable<(repos: [String], nextPage: Int?)> {
    let answer = PublishSubject<(repos: [String], nextPage: Int?)>()
    answers["\(query) \(page)"] = answer
    return answer
  }
}

final class RepoSearchReactorTests: XCTestCase {
  func testANewQueryStopsTheSearchStillRunning() {
    let searching = ControlledSearching()
    let reactor = RepoSearchReactor(searching: searching)
    reactor.action.onNext(.updateQuery("sw"))
    reactor.action.onNext(.updateQuery("swift"))
    searching.answers["sw 1"]?.onNext((repos: ["old"], nextPage: nil))
    searching.answers["swift 1"]?.onNext((repos: ["apple/swift"], nextPage: 2))
    XCTAssertEqual(reactor.currentState.query, "swift")
    XCTAssertEqual(reactor.currentState.repos, ["apple/swift"])
    XCTAssertEqual(reactor.currentState.nextPage, 2)
  }

  func testTheNextPageIsAppendedAndANewQueryStopsItToo() {
    let searching = ControlledSearching()
    let reactor = RepoSearchReactor(searching: searching)
    reactor.action.onNext(.updateQuery("swift"))
    searching.answers["swift 1"]?.onNext((repos: ["apple/swift"], nextPage: 2))
    reactor.action.onNext(.loadNextPage)
    XCTAssertTrue(reactor.currentState.isLoadingNextPage)
    searching.answers["swift 2"]?.onNext((repos: ["swift/format"], nextPage: nil))
    searching.answers["swift 2"]?.onCompleted()
    XCTAssertEqual(reactor.currentState.repos, ["apple/swift", "swift/format"])
    XCTAssertFalse(reactor.currentState.isLoadingNextPage)

    reactor.action.onNext(.updateQuery("rx"))
    searching.answers["rx 1"]?.onNext((repos: ["ReactiveX/RxSwift"], nextPage: 2))
    reactor.action.onNext(.loadNextPage)
    XCTAssertTrue(reactor.currentState.isLoadingNextPage)
    reactor.action.onNext(.updateQuery("combine"))
    searching.answers["rx 2"]?.onNext((repos: ["late"], nextPage: nil))
    XCTAssertEqual(
      reactor.currentState.repos, ["ReactiveX/RxSwift"], "the next page of rx came after the new query")
    XCTAssertFalse(reactor.currentState.isLoadingNextPage, "the stopped page still ends its loading")
  }

  func testAnEmptyQuerySearchesNothing() {
    let searching = ControlledSearching()
    let reactor = RepoSearchReactor(searching: searching)
    reactor.action.onNext(.updateQuery(""))
    XCTAssertTrue(searching.answers.isEmpty)
    XCTAssertEqual(reactor.currentState.repos, [])
  }
}
