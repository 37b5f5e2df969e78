// expect: success
// flags: -default-isolation MainActor
// `nonisolated` on a stream is allowed (it is what a stream is anyway), though no longer
// needed: see default-main-actor-unio-stream-compiles.swift.
import Uniflow

nonisolated final class ListStream: UnioStream<ListStream> {
  struct Input: InputType { let add = PublishRelay<String>() }
  struct Output: OutputType { let items: BehaviorRelay<[String]> }
  struct State: StateType { let items = BehaviorRelay<[String]>(value: []) }
  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  { Output(items: dependency.state.items) }

  init() { super.init(input: Input(), state: State(), extra: Extra()) }
}

func use() {
  let stream = ListStream()
  stream.input.add("milk")
  _ = stream.output.items.value
}
