// expect: error: circular reference
// flags: -default-isolation MainActor
// In a module whose code defaults to the main actor, Unio's spelling alone does not
// compile (nor with @MainActor): the compiler needs the superclass to infer isolation.
// See the next snippet for the spelling that does.
import Uniflow

final class ListStream: UnioStream<ListStream> {
  struct Input: InputType { let add = PublishRelay<String>() }
  struct Output: OutputType { let items: BehaviorRelay<[String]> }
  struct State: StateType { let items = BehaviorRelay<[String]>(value: []) }
  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  { Output(items: dependency.state.items) }

  init() { super.init(input: Input(), state: State(), extra: Extra()) }
}
