import GitHubSearchCore
import Networking
import Uniflow

/// Stands in for ``SearchAPIStream`` as seed 000's mock does: the test reads what was
/// sent to `_input` and pushes results through `_outputRepositories` / `_outputError`.
public final class MockSearchAPIStream: SearchAPIStreamType {
  public let input: InputWrapper<SearchAPIStream.Input>
  public let output: OutputWrapper<SearchAPIStream.Output>

  public let _input = SearchAPIStream.Input()
  public let _outputRepositories = BehaviorRelay<[GitHubRepository]?>(value: nil)
  public let _outputError = BehaviorRelay<APIError?>(value: nil)

  public init() {
    input = InputWrapper(_input)
    let repositories = _outputRepositories.compactMap { $0 }.eraseToAnyPublisher()
    let error = _outputError.compactMap { $0 }.eraseToAnyPublisher()
    output = OutputWrapper(SearchAPIStream.Output(repositories: repositories, error: error))
  }
}
