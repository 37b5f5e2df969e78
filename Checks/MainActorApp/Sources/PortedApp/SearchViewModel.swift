import Foundation
import Uniflow

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
    let searches: AnyPublisher<Event<String, Never>, Never>
  }

  private let useCase: SearchUseCase
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private(set) var log: [String] = []

  init(useCase: SearchUseCase, scheduler: AnySchedulerOf<DispatchQueue> = .main) {
    self.useCase = useCase
    self.scheduler = scheduler
  }

  func transform(input: Input) -> Output {
    let activity = ActivityIndicator()
    let errors = ErrorTracker()
    let queries = Publishers.MergeMany(
      input.trigger.eraseToAnyPublisher().map { "" }.eraseToAnyPublisher(),
      input.query.eraseToAnyPublisher()
        .debounce(for: .milliseconds(300), scheduler: scheduler)
        .removeDuplicates().eraseToAnyPublisher()
    ).eraseToAnyPublisher()
    .prepend("")
    let repos = queries
      .map { query -> Driver<[Repo]> in
        self.useCase.search(query: query)
          .trackActivity(activity)
          .trackError(errors)
          .handleEvents(
            receiveSubscription: { _ in self.log.append("searching \(query)") },
            receiveOutput: { repos in self.log.append("\(query): \(repos.count)") },
            receiveCompletion: { if case .failure = $0 { self.log.append("\(query): failed") } })
          .asDriver(onErrorJustReturn: [])
      }.switchToLatest()
      .asDriver(onErrorJustReturn: [])
    let sections = repos.map { repos in
      [SectionModel(model: "Repositories", items: repos)]
    }
    let selected = input.selection
      .compactMap { $0 }
      .withLatestFrom(repos) { index, repos in repos[index] }
    return Output(
      sections: sections.asDriver(),
      isLoading: activity.asDriver(),
      error: errors.asDriver(),
      selected: selected.asDriver(),
      searches: queries.materialize().eraseToAnyPublisher())
  }
}
