import Testing
import Uniflow
import UniflowTesting

// The README's example, kept compiling and working.
private final class RepoSearchStream: UnioStream<RepoSearchStream> {
  struct Input: InputType { let search = PublishRelay<String>() }
  struct Output: OutputType { let repositories: BehaviorRelay<[String]> }
  struct State: StateType { let repositories = BehaviorRelay<[String]>(value: []) }
  struct Extra: ExtraType { let api: (String) -> AnyPublisher<[String], Never> }

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    dependency.inputPublishers.search
      .map(dependency.extra.api).switchToLatest()
      .bind(to: dependency.state.repositories)
      .disposed(by: disposeBag)
    return Output(repositories: dependency.state.repositories)
  }
  init(api: @escaping (String) -> AnyPublisher<[String], Never>) {
    super.init(input: Input(), state: State(), extra: Extra(api: api))
  }
}

@Suite struct ReadmeExampleTests {
  @Test func theReadmeStreamSearchesThroughItsAPI() {
    let stream = RepoSearchStream { query in
      Just(["\(query)/one", "\(query)/two"]).eraseToAnyPublisher()
    }
    var seen: [[String]] = []
    let cancellable = stream.output.repositories.sink { seen.append($0) }
    stream.input.search("swift")
    #expect(stream.output.repositories.value == ["swift/one", "swift/two"])
    #expect(seen == [[], ["swift/one", "swift/two"]])
    cancellable.cancel()
  }

  @Test func theReadmeStreamTestPasses() async {
    let tester = StreamTester {
      RepoSearchStream { query in Just(["\(query)/\(query)"]).eraseToAnyPublisher() }
    }
    tester.input.search("swift")
    await tester.receive(\.repositories, ["swift/swift"])
    await tester.finish()
  }
}
