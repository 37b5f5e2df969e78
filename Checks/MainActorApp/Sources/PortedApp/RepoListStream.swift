import Uniflow
import Foundation

protocol RepoListStreamType: AnyObject {
  var input: InputWrapper<RepoListStream.Input> { get }
  var output: OutputWrapper<RepoListStream.Output> { get }
}

// A Unio stream: the parts in an extension, the logic in a static bind.
final class RepoListStream: UnioStream<RepoListStream>, RepoListStreamType {
  convenience init(useCase: SearchUseCase) {
    self.init(input: Input(), state: State(), extra: Extra(useCase: useCase))
  }

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag) -> Output {
    let state = dependency.state
    let useCase = dependency.extra.useCase
    let filter = PassthroughSubject<String, Never>()

    dependency.inputPublishers.refresh
      .map { _ in
        useCase.search(query: "").eraseToAnyPublisher().replaceError(with: [])
      }.switchToLatest()
      .bind(to: state.repos)
      .disposed(by: disposeBag)

    dependency.inputPublishers.filter
      .sink(receiveValue: { filter.send($0) })
      .disposed(by: disposeBag)

    let visible = state.repos.eraseToAnyPublisher().combineLatest(filter.prepend("")) { repos, text in
      text.isEmpty ? repos : repos.filter { $0.name.contains(text) }
    }

    return Output(
      repos: state.repos,
      visible: visible.eraseToAnyPublisher(),
      isEmpty: visible.map { $0.isEmpty }.removeDuplicates().eraseToAnyPublisher())
  }
}

extension RepoListStream {
  struct Input: InputType {
    let refresh = PublishRelay<Void>()
    let filter = PublishRelay<String>()
  }

  struct Output: OutputType {
    let repos: BehaviorRelay<[Repo]>
    let visible: AnyPublisher<[Repo], Never>
    let isEmpty: AnyPublisher<Bool, Never>
  }

  struct State: StateType {
    let repos = BehaviorRelay<[Repo]>(value: [])
  }

  struct Extra: ExtraType {
    let useCase: SearchUseCase
  }
}
