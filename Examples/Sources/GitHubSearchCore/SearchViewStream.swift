import Foundation
import Networking
import Uniflow

/// What the search screen binds to; tests and previews can use a mock.
public protocol SearchViewStreamType: UnioStreamType
where Input == SearchViewStream.Input, Output == SearchViewStream.Output {}

/// The Unio-style view stream: the text typed in the search field becomes queries —
/// trimmed, debounced, de-duplicated — for ``SearchAPIStream`` in its `Extra`. Results and
/// errors come back on the stream's scheduler; after an error the next query works as
/// before.
///
/// ```swift
/// let stream = SearchViewStream(searchAPIStream: SearchAPIStream(requester: requester))
/// stream.input.searchText("swift")
/// stream.output.repositories.sink { … }
/// ```
public final class SearchViewStream: UnioStream<SearchViewStream>, SearchViewStreamType {
  public struct Input: InputType {
    /// The search field's text, on every keystroke.
    public let searchText = PublishRelay<String>()
    public init() {}
  }

  public struct Output: OutputType {
    public let repositories: BehaviorRelay<[GitHubRepository]>
    /// The last request's error; `nil` again once a request succeeds.
    public let error: BehaviorRelay<APIError?>
    /// Whether a request is on its way.
    public let isLoading: BehaviorRelay<Bool>
  }

  public struct State: StateType {
    let repositories = BehaviorRelay<[GitHubRepository]>(value: [])
    let error = BehaviorRelay<APIError?>(value: nil)
    let isLoading = BehaviorRelay<Bool>(value: false)
  }

  public struct Extra: ExtraType {
    let apiStream: any SearchAPIStreamType
    let scheduler: AnySchedulerOf<DispatchQueue>
    let debounce: DispatchQueue.SchedulerTimeType.Stride
  }

  public static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let state = dependency.state
    let extra = dependency.extra
    let apiStream = extra.apiStream

    let query = dependency.inputPublishers.searchText
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .debounce(for: extra.debounce, scheduler: extra.scheduler)
      .removeDuplicates()
      .share()

    query
      .sink { query in
        if query.isEmpty {
          state.repositories.accept([])
          state.error.accept(nil)
          state.isLoading.accept(false)
        } else {
          state.isLoading.accept(true)
        }
      }
      .disposed(by: disposeBag)

    // Every query goes to the API stream, the empty one too: that is what cancels the
    // request in flight (its switchToLatest moves on), so an old answer cannot come back
    // over the cleared screen. The API stream asks the server nothing for it.
    query
      .bind(to: apiStream.input.search)
      .disposed(by: disposeBag)

    apiStream.output.publishers.repositories
      .receive(on: extra.scheduler)
      .sink { repositories in
        // The error goes first, so whoever sees the new results sees no stale error.
        state.error.accept(nil)
        state.repositories.accept(repositories)
        state.isLoading.accept(false)
      }
      .disposed(by: disposeBag)

    apiStream.output.publishers.error
      .receive(on: extra.scheduler)
      .sink { error in
        state.error.accept(error)
        state.isLoading.accept(false)
      }
      .disposed(by: disposeBag)

    return Output(repositories: state.repositories, error: state.error, isLoading: state.isLoading)
  }

  /// - Parameters:
  ///   - scheduler: where debouncing runs and results arrive (the main queue in an app, a
  ///     test scheduler in tests).
  ///   - debounce: how long the text must stay unchanged before it is searched.
  public init(
    searchAPIStream: any SearchAPIStreamType,
    scheduler: AnySchedulerOf<DispatchQueue> = .main,
    debounce: DispatchQueue.SchedulerTimeType.Stride = .milliseconds(300)
  ) {
    let extra = Extra(apiStream: searchAPIStream, scheduler: scheduler, debounce: debounce)
    super.init(input: Input(), state: State(), extra: extra)
  }
}
