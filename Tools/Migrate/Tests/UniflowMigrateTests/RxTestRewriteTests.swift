import Testing

@testable import UniflowMigrate

/// RxTest's types and calls in a ported test: UniflowTesting keeps their names, so most stay
/// as they are, and the types take UniflowTesting's generic parameters.
@Suite struct RxTestRewriteTests {
  let source = """
    import RxSwift
    import RxTest
    import XCTest

    final class SearchTests: XCTestCase {
      func testSuggestions() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver([String].self)
        let expected: [Recorded<Event<[String]>>] = Recorded.events([.next(100, []), .next(200, ["Stub"])])
        viewModel.suggestions.emit(to: observer).disposed(by: disposeBag)
        scheduler.start()
        XCTAssertEqual(observer.events, expected)
      }
    }

    """

  @Test func aRecordedEventTypeTakesUniflowTestingsTwoParameters() throws {
    let text = try Migrator.migrate(source, path: "SearchTests.swift").text
    #expect(text.contains("let expected: [Recorded<[String], Never>] ="))
    #expect(!text.contains("Event<"))
  }

  @Test func eventsAndEmitKeepRxTestsSpellingWhichUniflowTestingHas() throws {
    let text = try Migrator.migrate(source, path: "SearchTests.swift").text
    #expect(text.contains("Recorded.events([.next(100, []), .next(200, [\"Stub\"])])"))
    #expect(text.contains("viewModel.suggestions.emit(to: observer).disposed(by: disposeBag)"))
    #expect(text.contains("import UniflowTesting"))
  }
}

/// RxCocoa's `asSignal()`: the publisher the `Signal` note says it is.
@Suite struct SignalRewriteTests {
  @Test func aRelaysSignalIsErasedAndItsNoteTellsTheTruth() throws {
    let source = """
      import RxCocoa
      import RxSwift

      final class SearchViewModel {
        let pushRepositoryDetailRelay = PublishRelay<Int>()
        let searchResults = PublishRelay<[String]>()
        var pushRepositoryDetail: Signal<Int> { pushRepositoryDetailRelay.asSignal() }
        var results: Signal<[String]> { searchResults.asObservable().asSignal(onErrorJustReturn: []) }
      }

      """
    let result = try Migrator.migrate(source, path: "SearchViewModel.swift")
    #expect(result.text.contains("{ pushRepositoryDetailRelay.eraseToAnyPublisher() }"))
    #expect(
      result.text.contains(
        "searchResults.eraseToAnyPublisher().replaceError(with: []).eraseToAnyPublisher() }"))
    #expect(!result.text.contains("asSignal"))
    // One note a declared `Signal`, above it, none for the calls.
    #expect(result.notes.map(\.kind) == [.signal, .signal])
    #expect(result.notes.map(\.line) == [7, 9])
  }
}
