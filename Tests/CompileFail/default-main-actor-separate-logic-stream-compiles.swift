// expect: success
// flags: -default-isolation MainActor
// The spelling that is not generic over itself (the logic is a type of its own) compiles
// in a module that defaults to the main actor, declared `nonisolated` like any stream.
import Uniflow

nonisolated final class ListLogic: LogicType {
  struct Input: InputType { let add = PublishRelay<String>() }
  struct Output: OutputType { let items: BehaviorRelay<[String]> }
  struct State: StateType { let items = BehaviorRelay<[String]>(value: []) }
  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  { Output(items: dependency.state.items) }
}

nonisolated final class ListStream: PrimitiveStream<ListLogic> {
  init() { super.init(input: .init(), state: .init(), extra: .init()) }
}

@MainActor func use() -> [String] {
  let stream = ListStream()
  stream.input.add("milk")
  return stream.output.items.value
}
