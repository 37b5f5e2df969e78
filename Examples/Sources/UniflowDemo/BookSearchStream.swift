import Uniflow

/// A small search screen's stream: type a query, get the matching titles and a count.
protocol BookSearchStreamType: UnioStreamType
where Input == BookSearchStream.Input, Output == BookSearchStream.Output {}

final class BookSearchStream: UnioStream<BookSearchStream>, BookSearchStreamType {
  struct Input: InputType {
    let query = PublishRelay<String>()
    let clear = PublishRelay<Void>()
  }

  struct Output: OutputType {
    let titles: BehaviorRelay<[String]>
    let summary: AnyPublisher<String, Never>
  }

  struct State: StateType {
    let titles = BehaviorRelay<[String]>(value: [])
  }

  struct Extra: ExtraType {
    let catalogue: [String]
  }

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let catalogue = dependency.extra.catalogue
    let titles = dependency.state.titles

    dependency.inputPublishers.query
      .map { query in
        catalogue.filter { $0.localizedCaseInsensitiveContains(query) }
      }
      .merge(with: dependency.inputPublishers.clear.map { [String]() })
      .bind(to: titles)
      .disposed(by: disposeBag)

    let summary = titles.map { "\($0.count) of \(catalogue.count) books" }
    return Output(titles: titles, summary: summary.eraseToAnyPublisher())
  }

  init(catalogue: [String]) {
    super.init(input: Input(), state: State(), extra: Extra(catalogue: catalogue))
  }
}
