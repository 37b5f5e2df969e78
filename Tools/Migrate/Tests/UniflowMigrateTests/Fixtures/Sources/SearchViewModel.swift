import Foundation
import RxCocoa
import RxDataSources
import RxSwift

protocol ViewModelType {
  associatedtype Input
  associatedtype Output
  func transform(input: Input) -> Output
}

// An RxSwift MVVM view model: `transform(input:)`, Drivers out, activity and errors
// tracked, a debounced query on a scheduler the test replaces.
final class SearchViewModel: ViewModelType {
  struct Input {
    let trigger: Driver<Void>
    let query: Driver<String>
    let selection: Driver<Int?>
  }

  struct Output {
    let sections: Driver<[SectionModel<String, Repo>]>
    let isLoading: Driver<Bool>
    let error: Driver<Error>
    let selected: Driver<Repo>
    let searches: Observable<Event<String>>
  }

  private let useCase: SearchUseCase
  private let scheduler: SchedulerType
  private(set) var log: [String] = []

  init(useCase: SearchUseCase, scheduler: SchedulerType = MainScheduler.instance) {
    self.useCase = useCase
    self.scheduler = scheduler
  }

  func transform(input: Input) -> Output {
    let activity = ActivityIndicator()
    let errors = ErrorTracker()
    let queries = Observable.merge(
      input.trigger.asObservable().map { "" },
      input.query.asObservable()
        .debounce(.milliseconds(300), scheduler: scheduler)
        .distinctUntilChanged()
    )
    .startWith("")
    let repos = queries
      .flatMapLatest { query -> Driver<[Repo]> in
        self.useCase.search(query: query)
          .trackActivity(activity)
          .trackError(errors)
          .do(
            onNext: { repos in self.log.append("\(query): \(repos.count)") },
            onError: { _ in self.log.append("\(query): failed") },
            onSubscribe: { self.log.append("searching \(query)") })
          .asDriver(onErrorJustReturn: [])
      }
      .asDriver(onErrorJustReturn: [])
    let sections = repos.map { repos in
      [SectionModel(model: "Repositories", items: repos)]
    }
    let selected = input.selection
      .flatMap { index -> Driver<Int> in index.map(Driver.just) ?? Driver.empty() }
      .withLatestFrom(repos) { index, repos in repos[index] }
    return Output(
      sections: sections,
      isLoading: activity.asDriver(),
      error: errors.asDriver(),
      selected: selected,
      searches: queries.materialize())
  }
}
