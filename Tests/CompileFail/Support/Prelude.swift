// Shared by every compile-fail snippet: one stream with each kind of input and output.
import Uniflow

final class ProbeStream: UnioStream<ProbeStream> {
  struct Input: InputType {
    let search = PublishRelay<String>()
    let page = BehaviorRelay<Int>(value: 0)
  }

  struct Output: OutputType {
    let results: BehaviorRelay<[String]>
    let changes: PublishRelay<Int>
    let summary: Property<String>
  }

  struct State: StateType {
    let results = BehaviorRelay<[String]>(value: [])
    let changes = PublishRelay<Int>()
    let summary = BehaviorRelay(value: "")
  }

  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    Output(
      results: dependency.state.results, changes: dependency.state.changes,
      summary: Property(dependency.state.summary))
  }

  init() { super.init(input: Input(), state: State(), extra: Extra()) }
}
