import Uniflow

// Seed 000 (Unio), ported: RxSwift is spelled as Combine, nothing else is renamed.

struct Repository: Equatable, Sendable {
  let name: String
}

protocol SearchAPIStreamType: AnyObject {
  var input: InputWrapper<SearchAPIStream.Input> { get }
  var output: OutputWrapper<SearchAPIStream.Output> { get }
}

final class SearchAPIStream: UnioStream<SearchAPIStream>, SearchAPIStreamType {
  typealias State = NoState

  struct Input: InputType {
    let search = PublishRelay<String>()
  }

  struct Output: OutputType {
    let repositories: AnyPublisher<[Repository], Never>
    let error: AnyPublisher<any Error, Never>
  }

  struct Extra: ExtraType {
    /// The API access; the seed leaves it out, the GitHubSearch example has the real one.
    let search: (String) -> AnyPublisher<[Repository], any Error>
  }

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let search = dependency.extra.search
    let response = dependency.inputPublishers.search
      .map { query in
        search(query)
          .map { Result<[Repository], any Error>.success($0) }
          .catch { Just(.failure($0)) }
      }
      .switchToLatest()
      .share()

    return Output(
      repositories: response.compactMap { try? $0.get() }.eraseToAnyPublisher(),
      error: response.compactMap {
        if case .failure(let error) = $0 { error } else { nil }
      }.eraseToAnyPublisher()
    )
  }

  init(search: @escaping (String) -> AnyPublisher<[Repository], any Error>) {
    super.init(input: Input(), state: State(), extra: Extra(search: search))
  }
}

protocol SearchViewStreamType: AnyObject {
  var input: InputWrapper<SearchViewStream.Input> { get }
  var output: OutputWrapper<SearchViewStream.Output> { get }
}

final class SearchViewStream: UnioStream<SearchViewStream>, SearchViewStreamType {

  struct Input: InputType {
    let search = PublishRelay<String>()
  }

  struct Output: OutputType {
    let repositories: BehaviorRelay<[Repository]>
    let error: AnyPublisher<any Error, Never>
  }

  struct State: StateType {
    let repositories = BehaviorRelay<[Repository]>(value: [])
  }

  struct Extra: ExtraType {
    let apiStream: SearchAPIStreamType
  }

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let apiStream = dependency.extra.apiStream
    let state = dependency.state

    apiStream.output.publishers.repositories
      .bind(to: state.repositories)
      .disposed(by: disposeBag)

    dependency.inputPublishers.search
      .bind(to: apiStream.input.search)
      .disposed(by: disposeBag)

    return Output(repositories: state.repositories, error: apiStream.output.error)
  }

  init(searchAPIStream: SearchAPIStreamType) {
    let extra = Extra(apiStream: searchAPIStream)
    super.init(input: Input(), state: State(), extra: extra)
  }
}

final class MockSearchAPIStream: SearchAPIStreamType {
  let input: InputWrapper<SearchAPIStream.Input>
  let output: OutputWrapper<SearchAPIStream.Output>

  let _input = SearchAPIStream.Input()

  let _outputRepositories = BehaviorRelay<[Repository]?>(value: nil)
  let _outputError = BehaviorRelay<(any Error)?>(value: nil)

  init() {
    self.input = InputWrapper(_input)

    let _repositories = _outputRepositories.compactMap { $0 }.eraseToAnyPublisher()
    let _error = _outputError.compactMap { $0 }.eraseToAnyPublisher()
    let _output = SearchAPIStream.Output(repositories: _repositories, error: _error)
    self.output = OutputWrapper(_output)
  }
}
