import Networking
import Uniflow

/// What ``SearchViewStream`` needs of the API stream; a mock conforms in tests.
public protocol SearchAPIStreamType: UnioStreamType
where Input == SearchAPIStream.Input, Output == SearchAPIStream.Output {}

/// The Unio-style API stream: each query becomes a call to the requester's `async` search,
/// through `TaskPublisher`; a newer query cancels the older call (and so its request), and
/// a failure goes to `error` without ending `repositories`. An empty query sends no request
/// and cancels the one in flight.
public final class SearchAPIStream: UnioStream<SearchAPIStream>, SearchAPIStreamType {
  public typealias State = NoState

  public struct Input: InputType {
    public let search = PublishRelay<String>()
    public init() {}
  }

  public struct Output: OutputType {
    public let repositories: AnyPublisher<[GitHubRepository], Never>
    public let error: AnyPublisher<APIError, Never>

    public init(
      repositories: AnyPublisher<[GitHubRepository], Never>, error: AnyPublisher<APIError, Never>
    ) {
      self.repositories = repositories
      self.error = error
    }
  }

  public struct Extra: ExtraType {
    let requester: any GitHubSearchRequesterProtocol
  }

  public static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let requester = dependency.extra.requester
    let results = dependency.inputPublishers.search
      .map { query -> AnyPublisher<Event<[GitHubRepository], APIError>, Never> in
        // An empty query asks nothing; it only replaces (so cancels) the request before.
        guard !query.isEmpty else { return Empty().eraseToAnyPublisher() }
        return TaskPublisher { () async throws(APIError) in
          try await requester.searchRepositories(query: query).items
        }
        .materialize()
        .eraseToAnyPublisher()
      }
      .switchToLatest()
      .share()
    return Output(
      repositories: results.compactMap(\.element).eraseToAnyPublisher(),
      error: results.compactMap(\.error).eraseToAnyPublisher())
  }

  public init(requester: any GitHubSearchRequesterProtocol) {
    super.init(input: Input(), state: State(), extra: Extra(requester: requester))
  }
}
