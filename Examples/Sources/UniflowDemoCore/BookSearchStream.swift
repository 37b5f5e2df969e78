import Uniflow

/// What a screen needs of ``BookSearchStream``; a mock can conform.
public protocol BookSearchStreamType: UnioStreamType
where Input == BookSearchStream.Input, Output == BookSearchStream.Output {}

/// A small search screen's stream: type a query, get the matching titles and a count.
///
/// ```swift
/// let stream = BookSearchStream(catalogue: ["Functional Swift", "Advanced Swift"])
/// stream.input.query("func")
/// stream.output.titles.value   // ["Functional Swift"]
/// ```
public final class BookSearchStream: UnioStream<BookSearchStream>, BookSearchStreamType {
  public struct Input: InputType {
    public let query = PublishRelay<String>()
    public let clear = PublishRelay<Void>()
  }

  public struct Output: OutputType {
    public let titles: BehaviorRelay<[String]>
    public let summary: AnyPublisher<String, Never>
  }

  public struct State: StateType {
    let titles = BehaviorRelay<[String]>(value: [])
  }

  public struct Extra: ExtraType {
    let catalogue: [String]
  }

  public static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
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

  /// A stream searching `catalogue`.
  public init(catalogue: [String]) {
    super.init(input: Input(), state: State(), extra: Extra(catalogue: catalogue))
  }
}
