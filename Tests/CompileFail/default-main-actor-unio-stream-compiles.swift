// expect: success
// flags: -default-isolation MainActor
// In a module whose code defaults to the main actor (a new Xcode 26 app target), Unio's
// one-file spelling compiles as it is, with no `nonisolated`: `LogicType` refines
// `SendableMetatype`, so the compiler need not know the class's isolation to check its
// superclass. The stream is usable from the main actor and from elsewhere.
import Uniflow

final class ListStream: UnioStream<ListStream> {
  struct Input: InputType { let add = PublishRelay<String>() }
  struct Output: OutputType { let items: BehaviorRelay<[String]> }
  struct State: StateType { let items = BehaviorRelay<[String]>(value: []) }
  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    let items = dependency.state.items
    dependency.inputPublishers.add
      .sink { items.accept(items.value + [$0]) }
      .disposed(by: disposeBag)
    return Output(items: items)
  }

  init() { super.init(input: Input(), state: State(), extra: Extra()) }
}

func useOnTheMainActor() -> [String] {
  let stream = ListStream()
  stream.input.add("milk")
  return stream.output.items.value
}

nonisolated func useElsewhere() -> [String] {
  let stream = ListStream()
  stream.input.add("eggs")
  return stream.output.items.value
}
