import Foundation
import RxBlocking
import RxCocoa
import RxSwift
import XCTest

@testable import PortedApp

private enum BookmarksTestError: Error {
  case offline
}

// Hand-written mocks, as such apps keep them: a return value the test sets, and flags.
final class BookmarksUseCaseMock: BookmarksUseCase {
  var bookmarks_ReturnValue: Observable<[Bookmark]> = Observable.just([])
  var bookmarks_Called = false

  func bookmarks() -> Observable<[Bookmark]> {
    bookmarks_Called = true
    return bookmarks_ReturnValue
  }

  func remove(_ bookmark: Bookmark) -> Observable<Void> {
    return Observable.never()
  }
}

final class BookmarksNavigatorMock: BookmarksNavigator {
  var toBookmark_ReceivedArgument: Bookmark?
  var toNewBookmark_Called = false

  func toBookmark(_ bookmark: Bookmark) {
    toBookmark_ReceivedArgument = bookmark
  }

  func toNewBookmark() {
    toNewBookmark_Called = true
  }
}

final class BookmarksViewModelTests: XCTestCase {
  var useCase: BookmarksUseCaseMock!
  var navigator: BookmarksNavigatorMock!
  var viewModel: BookmarksViewModel!
  let disposeBag = DisposeBag()

  override func setUp() {
    super.setUp()
    useCase = BookmarksUseCaseMock()
    navigator = BookmarksNavigatorMock()
    viewModel = BookmarksViewModel(useCase: useCase, navigator: navigator)
  }

  func test_transform_trigger_fetchesAndTracksIt() {
    let trigger = PublishSubject<Void>()
    let output = viewModel.transform(input: makeInput(trigger: trigger))
    var fetching: [Bool] = []
    output.fetching.do(onNext: { fetching.append($0) }).drive().disposed(by: disposeBag)
    output.bookmarks.drive().disposed(by: disposeBag)
    trigger.onNext(())
    XCTAssertTrue(useCase.bookmarks_Called)
    XCTAssertEqual(fetching, [false, true, false])
  }

  func test_transform_failure_isTracked() {
    let trigger = PublishSubject<Void>()
    let output = viewModel.transform(input: makeInput(trigger: trigger))
    useCase.bookmarks_ReturnValue = Observable.error(BookmarksTestError.offline)
    output.bookmarks.drive().disposed(by: disposeBag)
    output.error.drive().disposed(by: disposeBag)
    trigger.onNext(())
    let error = try! output.error.toBlocking().first()
    XCTAssertNotNil(error)
  }

  func test_transform_bookmarks_becomeItems() {
    let trigger = PublishSubject<Void>()
    let output = viewModel.transform(input: makeInput(trigger: trigger))
    useCase.bookmarks_ReturnValue = Observable.just(makeBookmarks())
    output.bookmarks.drive().disposed(by: disposeBag)
    trigger.onNext(())
    let items = try! output.bookmarks.toBlocking().first()!
    XCTAssertEqual(items.map { $0.title }, ["SWIFT", "RX"])
  }

  func test_transform_selection_navigatesToTheBookmark() {
    let selection = PublishSubject<IndexPath>()
    let bookmarks = makeBookmarks()
    useCase.bookmarks_ReturnValue = Observable.just(bookmarks)
    let output = viewModel.transform(input: makeInput(selection: selection))
    output.bookmarks.drive().disposed(by: disposeBag)
    output.selected.drive().disposed(by: disposeBag)
    selection.onNext(IndexPath(row: 1, section: 0))
    XCTAssertEqual(navigator.toBookmark_ReceivedArgument, bookmarks[1])
  }

  private func makeInput(
    trigger: Observable<Void> = Observable.just(()),
    addTrigger: Observable<Void> = Observable.never(),
    selection: Observable<IndexPath> = Observable.never()
  ) -> BookmarksViewModel.Input {
    return BookmarksViewModel.Input(
      trigger: trigger.asDriverOnErrorJustComplete(),
      addTrigger: addTrigger.asDriverOnErrorJustComplete(),
      selection: selection.asDriverOnErrorJustComplete())
  }

  private func makeBookmarks() -> [Bookmark] {
    return [Bookmark(title: "swift", url: "https://swift.org"), Bookmark(title: "rx", url: "https://rx.dev")]
  }
}
