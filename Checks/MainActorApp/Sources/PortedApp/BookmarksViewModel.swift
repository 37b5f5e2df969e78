import Foundation
import Uniflow

struct Bookmark: Equatable {
  let title: String
  let url: String
}

// A use case whose list is an Observable, as Clean Architecture apps declare them: nothing
// here fails, but a test's mock makes it fail.
protocol BookmarksUseCase {
  func bookmarks() -> AnyPublisher<[Bookmark], any Error>
  func remove(_ bookmark: Bookmark) -> AnyPublisher<Void, Never>
}

protocol BookmarksNavigator {
  func toBookmark(_ bookmark: Bookmark)
  func toNewBookmark()
}

final class BookmarkItemViewModel {
  let title: String
  let bookmark: Bookmark

  init(with bookmark: Bookmark) {
    self.bookmark = bookmark
    self.title = bookmark.title.uppercased()
  }
}

// The list screen: a table's selection by index path, and the navigation it starts.
final class BookmarksViewModel: ViewModelType {
  struct Input {
    let trigger: Driver<Void>
    let addTrigger: Driver<Void>
    let selection: Driver<IndexPath>
  }

  struct Output {
    let fetching: Driver<Bool>
    let bookmarks: Driver<[BookmarkItemViewModel]>
    let added: Driver<Void>
    let selected: Driver<Bookmark>
    let error: Driver<Error>
  }

  private let useCase: BookmarksUseCase
  private let navigator: BookmarksNavigator

  init(useCase: BookmarksUseCase, navigator: BookmarksNavigator) {
    self.useCase = useCase
    self.navigator = navigator
  }

  func transform(input: Input) -> Output {
    let activityIndicator = ActivityIndicator()
    let errorTracker = ErrorTracker()
    let bookmarks = input.trigger.map {
      return self.useCase.bookmarks()
        .trackActivity(activityIndicator)
        .trackError(errorTracker)
        .asDriver(onErrorDriveWith: .empty())
        .map { $0.map { BookmarkItemViewModel(with: $0) } }
    }.switchToLatest()
    let fetching = activityIndicator.asDriver()
    let errors = errorTracker.asDriver()
    let selected = input.selection
      .withLatestFrom(bookmarks) { (indexPath, items) -> Bookmark in
        return items[indexPath.row].bookmark
      }
      .handleEvents(receiveOutput: navigator.toBookmark)
    let added = input.addTrigger
      .handleEvents(receiveOutput: navigator.toNewBookmark)
    return Output(
      fetching: fetching, bookmarks: bookmarks.asDriver(), added: added.asDriver(), selected: selected.asDriver(), error: errors)
  }
}
