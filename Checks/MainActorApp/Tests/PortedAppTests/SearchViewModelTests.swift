import Uniflow
import Foundation
import UniflowTesting
import Testing

@testable import PortedApp

private struct StubSearch: SearchUseCase {
  var results: [String: [Repo]] = [:]

  func search(query: String) -> Single<[Repo]> {
    guard let repos = results[query] else { return .error(APIError.offline) }
    return .just(repos)
  }
}

@MainActor final class SearchViewModelTests {
  let swift = Repo(name: "swift", stars: 60)
  let rx = Repo(name: "RxSwift", stars: 24)

  @Test func aTypedQueryIsSearchedOnceItSettles() {
    let scheduler = VirtualTimeScheduler(resolution: 0.001)
    let disposeBag = DisposeBag()
    let viewModel = SearchViewModel(
      useCase: StubSearch(results: ["": [], "swift": [swift]]), scheduler: scheduler.scheduler.eraseToAnyScheduler())
    let query = scheduler.createHotPublisher([.next(100, "sw"), .next(200, "swift")])
    // uniflow-migrate: SharingScheduler.mock: a Driver delivers on the main actor already; the closure's body now runs as it is (Migrating with uniflow migrate, Tests)
    let output = viewModel.transform(
        input: SearchViewModel.Input(
          trigger: Driver.empty(), query: query.asDriver(onErrorJustReturn: ""),
          selection: Driver.empty()))
    let names = scheduler.createObserver([String].self)
    output.sections.map { $0.flatMap { $0.items.map(\.name) } }.asDriver().drive(names).disposed(by: disposeBag)

    scheduler.start()

    #expect(names.events == [.next(0, []), .next(500, ["swift"])])
    #expect(viewModel.log == ["searching ", ": 0", "searching swift", "swift: 1"])
  }

  @Test func aFailedSearchShowsTheErrorAndNoRepos() {
    let scheduler = VirtualTimeScheduler()
    let disposeBag = DisposeBag()
    let viewModel = SearchViewModel(useCase: StubSearch(), scheduler: scheduler.scheduler.eraseToAnyScheduler())
    let output = viewModel.transform(
      input: SearchViewModel.Input(trigger: Driver.empty(), query: Driver.empty(), selection: Driver.empty()))
    let errors = scheduler.createObserver(String.self)
    output.error.map { "\($0)" }.asDriver().drive(errors).disposed(by: disposeBag)
    let loading = scheduler.createObserver(Bool.self)
    output.isLoading.drive(loading).disposed(by: disposeBag)
    let sections = scheduler.createObserver(Int.self)
    output.sections.map { $0.count }.asDriver().drive(sections).disposed(by: disposeBag)

    scheduler.start()

    #expect(errors.events == [.next(0, "offline")])
    #expect(loading.values == [false, true, false])
    #expect(viewModel.log == ["searching ", ": failed"])
    #expect(sections.events == [.next(0, 1), .completed(0)], "one section, of no repos")
  }

  @Test func aSelectionPicksFromTheLatestRepos() {
    let scheduler = VirtualTimeScheduler()
    let disposeBag = DisposeBag()
    let viewModel = SearchViewModel(useCase: StubSearch(results: ["": [swift, rx]]), scheduler: scheduler.scheduler.eraseToAnyScheduler())
    let selection = PassthroughSubject<Int?, Never>()
    let output = viewModel.transform(
      input: SearchViewModel.Input(
        trigger: Driver.empty(), query: Driver.empty(),
        selection: selection.asDriver(onErrorJustReturn: nil)))
    let selected = scheduler.createObserver(Repo.self)
    output.selected.drive(selected).disposed(by: disposeBag)

    selection.send(nil)
    selection.send(1)

    #expect(selected.values == [rx])
  }
}
