// Unio's GitHub search sample, ported from Unio on RxSwift to Uniflow on Combine.
import Uniflow

// snippet.hide
struct Repository: Equatable, Sendable {
  let fullName: String
}

struct SearchError: Error, Equatable {}

/// The API stream the search screen holds in its Extra. `nonisolated`, as every stream's
/// protocol: in a module whose code defaults to the main actor, a protocol is otherwise on
/// the main actor, and so would be the streams that conform to it.
nonisolated protocol SearchAPIStreamType: AnyObject {
  var input: InputWrapper<SearchAPIStream.Input> { get }
  var output: OutputWrapper<SearchAPIStream.Output> { get }
}

final class SearchAPIStream: UnioStream<SearchAPIStream>, SearchAPIStreamType {
  struct Input: InputType {
    let searchText = PublishRelay<String>()
  }
  struct Output: OutputType {
    let repositories: AnyPublisher<[Repository], Never>
    let error: AnyPublisher<SearchError, Never>
  }
  typealias State = NoState
  typealias Extra = NoExtra
  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let repositories = dependency.inputPublishers.searchText
      .map { [Repository(fullName: "\($0)/\($0)")] }
    return Output(
      repositories: repositories.eraseToAnyPublisher(),
      error: Empty().eraseToAnyPublisher())
  }
  init() {
    super.init(input: Input(), state: NoState(), extra: NoExtra())
  }
}

nonisolated protocol SearchViewStreamType: AnyObject {
  var input: InputWrapper<SearchViewStream.Input> { get }
  var output: OutputWrapper<SearchViewStream.Output> { get }
}
// snippet.show

final class SearchViewStream: UnioStream<SearchViewStream>, SearchViewStreamType {
  struct Input: InputType {
    let search = PublishRelay<String>()
  }

  struct Output: OutputType {
    let repositories: BehaviorRelay<[Repository]>
    let error: AnyPublisher<SearchError, Never>
  }

  struct State: StateType {
    let repositories = BehaviorRelay<[Repository]>(value: [])
  }

  struct Extra: ExtraType {
    let searchAPIStream: any SearchAPIStreamType
  }

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let api = dependency.extra.searchAPIStream
    let state = dependency.state
    api.output.publishers.repositories
      .bind(to: state.repositories)
      .disposed(by: disposeBag)
    dependency.inputPublishers.search
      .sink { api.input.searchText($0) }
      .disposed(by: disposeBag)
    return Output(repositories: state.repositories, error: api.output.publishers.error)
  }

  init(searchAPIStream: any SearchAPIStreamType = SearchAPIStream()) {
    super.init(input: Input(), state: State(), extra: Extra(searchAPIStream: searchAPIStream))
  }
}
