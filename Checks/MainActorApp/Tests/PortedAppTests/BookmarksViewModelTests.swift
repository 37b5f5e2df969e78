import Foundation
import UniflowTesting
import Uniflow
import Testing

@testable import PortedApp

private enum BookmarksTestError: Error {
  case offline
}

// Hand-written mocks, as such apps keep them: a return value the test sets, and flags.
final class BookmarksUseCaseMock: BookmarksUseCase {
  var bookmarks_ReturnValue: AnyPublisher<[Bookmark], any Error> = Just([]).setFailureType(to: (any Error).self).eraseToAnyPublisher()
  var bookmarks_Called = false

  func bookmarks() -> AnyPublisher<[Bookmark], any Error> {
    bookmarks_Called = true
    return bookmarks_ReturnValue.eraseToAnyPublisher()
  }

  func remove(_ bookmark: Bookmark) -> AnyPublisher<Void, Never> {
    return Empty(completeImmediately: false).eraseToAnyPublisher()
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

@MainActor final class BookmarksViewModelTests {
  var useCase: BookmarksUseCaseMock!
  var navigator: BookmarksNavigatorMock!
  var viewModel: BookmarksViewModel!
  let disposeBag = DisposeBag()

  init() {
    useCase = BookmarksUseCaseMock()
    navigator = BookmarksNavigatorMock()
    viewModel = BookmarksViewModel(useCase: useCase, navigator: navigator)
  }

  @Test func test_transform_trigger_fetchesAndTracksIt() {
    let trigger = PassthroughSubject<Void, Never>()
    let output = viewModel.transform(input: makeInput(trigger: trigger.eraseToAnyPublisher()))
    var fetching: [Bool] = []
    output.fetching.handleEvents(receiveOutput: { fetching.append($0) }).asDriver().drive().disposed(by: disposeBag)
    output.bookmarks.drive().disposed(by: disposeBag)
    trigger.send(())
    #expect(useCase.bookmarks_Called)
    #expect(fetching == [false, true, false])
  }

  @Test func test_transform_failure_isTracked() {
    let trigger = PassthroughSubject<Void, Never>()
    let output = viewModel.transform(input: makeInput(trigger: trigger.eraseToAnyPublisher()))
    useCase.bookmarks_ReturnValue = Fail(error: BookmarksTestError.offline).eraseToAnyPublisher()
    output.bookmarks.drive().disposed(by: disposeBag)
    output.error.drive().disposed(by: disposeBag)
    trigger.send(())
    let error = try! output.error.prefix(1).toBlocking().toArray().first
    #expect(error != nil)
  }

  @Test func test_transform_bookmarks_becomeItems() {
    let trigger = PassthroughSubject<Void, Never>()
    let output = viewModel.transform(input: makeInput(trigger: trigger.eraseToAnyPublisher()))
    useCase.bookmarks_ReturnValue = Just(makeBookmarks()).setFailureType(to: (any Error).self).eraseToAnyPublisher()
    output.bookmarks.drive().disposed(by: disposeBag)
    trigger.send(())
    let items = try! output.bookmarks.prefix(1).toBlocking().toArray().first!
    #expect(items.map { $0.title } == ["SWIFT", "RX"])
  }

  @Test func test_transform_selection_navigatesToTheBookmark() {
    let selection = PassthroughSubject<IndexPath, Never>()
    let bookmarks = makeBookmarks()
    useCase.bookmarks_ReturnValue = Just(bookmarks).setFailureType(to: (any Error).self).eraseToAnyPublisher()
    let output = viewModel.transform(input: makeInput(selection: selection.eraseToAnyPublisher()))
    output.bookmarks.drive().disposed(by: disposeBag)
    output.selected.drive().disposed(by: disposeBag)
    selection.send(IndexPath(row: 1, section: 0))
    #expect(navigator.toBookmark_ReceivedArgument == bookmarks[1])
  }

  private func makeInput(
    trigger: AnyPublisher<Void, Never> = Just(()).eraseToAnyPublisher(),
    addTrigger: AnyPublisher<Void, Never> = Empty(completeImmediately: false).eraseToAnyPublisher(),
    selection: AnyPublisher<IndexPath, Never> = Empty(completeImmediately: false).eraseToAnyPublisher()
  ) -> BookmarksViewModel.Input {
    return BookmarksViewModel.Input(
      trigger: trigger.asDriver(onErrorDriveWith: .empty()),
      addTrigger: addTrigger.asDriver(onErrorDriveWith: .empty()),
      selection: selection.asDriver(onErrorDriveWith: .empty()))
  }

  private func makeBookmarks() -> [Bookmark] {
    return [Bookmark(title: "swift", url: "https://swift.org"), Bookmark(title: "rx", url: "https://rx.dev")]
  }
}
