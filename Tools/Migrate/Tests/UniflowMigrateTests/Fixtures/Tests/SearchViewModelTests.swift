import RxCocoa
import RxSwift
import RxTest
import XCTest

@testable import PortedApp

private struct StubSearch: SearchUseCase {
  var results: [String: [Repo]] = [:]

  func search(query: String) -> Single<[Repo]> {
    guard let repos = results[query] else { return .error(APIError.offline) }
    return .just(repos)
  }
}

final class SearchViewModelTests: XCTestCase {
  let swift = Repo(name: "swift", stars: 60)
  let rx = Repo(name: "RxSwift", stars: 24)

  func testATypedQueryIsSearchedOnceItSettles() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let disposeBag = DisposeBag()
    let viewModel = SearchViewModel(
      useCase: StubSearch(results: ["": [], "swift": [swift]]), scheduler: scheduler)
    let query = scheduler.createHotObservable([.next(100, "sw"), .next(200, "swift")])
    let output = SharingScheduler.mock(scheduler: scheduler) {
      viewModel.transform(
        input: SearchViewModel.Input(
          trigger: Driver.empty(), query: query.asDriver(onErrorJustReturn: ""),
          selection: Driver.empty()))
    }
    let names = scheduler.createObserver([String].self)
    output.sections.map { $0.flatMap { $0.items.map(\.name) } }.drive(names).disposed(by: disposeBag)

    scheduler.start()

    XCTAssertEqual(names.events, [.next(0, []), .next(500, ["swift"])])
    XCTAssertEqual(viewModel.log, ["searching ", ": 0", "searching swift", "swift: 1"])
  }

  func testAFailedSearchShowsTheErrorAndNoRepos() {
    let scheduler = TestScheduler(initialClock: 0)
    let disposeBag = DisposeBag()
    let viewModel = SearchViewModel(useCase: StubSearch(), scheduler: scheduler)
    let output = viewModel.transform(
      input: SearchViewModel.Input(trigger: Driver.empty(), query: Driver.empty(), selection: Driver.empty()))
    let errors = scheduler.createObserver(String.self)
    output.error.map { "\($0)" }.drive(errors).disposed(by: disposeBag)
    let loading = scheduler.createObserver(Bool.self)
    output.isLoading.drive(loading).disposed(by: disposeBag)
    let sections = scheduler.createObserver(Int.self)
    output.sections.map { $0.count }.drive(sections).disposed(by: disposeBag)

    scheduler.start()

    XCTAssertEqual(errors.events, [.next(0, "offline")])
    XCTAssertEqual(loading.events.map(\.value.element), [false, true, false])
    XCTAssertEqual(viewModel.log, ["searching ", ": failed"])
    XCTAssertEqual(sections.events, [.next(0, 1), .completed(0)], "one section, of no repos")
  }

  func testASelectionPicksFromTheLatestRepos() {
    let scheduler = TestScheduler(initialClock: 0)
    let disposeBag = DisposeBag()
    let viewModel = SearchViewModel(useCase: StubSearch(results: ["": [swift, rx]]), scheduler: scheduler)
    let selection = PublishSubject<Int?>()
    let output = viewModel.transform(
      input: SearchViewModel.Input(
        trigger: Driver.empty(), query: Driver.empty(),
        selection: selection.asDriver(onErrorJustReturn: nil)))
    let selected = scheduler.createObserver(Repo.self)
    output.selected.drive(selected).disposed(by: disposeBag)

    selection.onNext(nil)
    selection.onNext(1)

    XCTAssertEqual(selected.events.map(\.value.element), [rx])
  }
}
