import RxCocoa
import RxSwift
import Unio

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
    let filter = PublishSubject<String>()

    dependency.inputObservables.refresh
      .flatMapLatest { _ in
        useCase.search(query: "").asObservable().catchErrorJustReturn([])
      }
      .bind(to: state.repos)
      .disposed(by: disposeBag)

    dependency.inputObservables.filter
      .subscribe(onNext: { filter.onNext($0) })
      .disposed(by: disposeBag)

    let visible = Observable.combineLatest(state.repos.asObservable(), filter.startWith("")) { repos, text in
      text.isEmpty ? repos : repos.filter { $0.name.contains(text) }
    }

    return Output(
      repos: state.repos,
      visible: visible,
      isEmpty: visible.map { $0.isEmpty }.distinctUntilChanged())
  }
}

extension RepoListStream {
  struct Input: InputType {
    let refresh = PublishRelay<Void>()
    let filter = PublishRelay<String>()
  }

  struct Output: OutputType {
    let repos: BehaviorRelay<[Repo]>
    let visible: Observable<[Repo]>
    let isEmpty: Observable<Bool>
  }

  struct State: StateType {
    let repos = BehaviorRelay<[Repo]>(value: [])
  }

  struct Extra: ExtraType {
    let useCase: SearchUseCase
  }
}
