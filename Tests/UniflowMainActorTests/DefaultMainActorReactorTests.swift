import Foundation
import Testing
import UniflowTesting
import Uniflow

// Everything in this module is main-actor isolated unless it says otherwise, like an app
// target created by Xcode 26. The same reactor code as in UniflowTests compiles and runs.

final class TodoReactor: Reactor {
  enum Action: Sendable { case add(String), load }
  enum Mutation: Sendable { case append(String), setLoaded([String]) }
  struct State: Equatable { var items: [String] = [] }

  let initialState = State()
  let runtime = ReactorRuntime<TodoReactor>()
  let loader: @Sendable () async -> [String]

  init(loader: @escaping @Sendable () async -> [String]) {
    self.loader = loader
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let title):
      return .just(.append(title))
    case .load:
      let loader = self.loader
      return .run { send in send(.setLoaded(await loader())) }
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .append(let title): state.items.append(title)
    case .setLoaded(let items): state.items = items
    }
  }
}

final class ItemsStream: UnioStream<ItemsStream> {
  struct Input: InputType { let add = PublishRelay<String>() }
  struct Output: OutputType { let items: BehaviorRelay<[String]> }
  struct State: StateType { let items = BehaviorRelay<[String]>(value: []) }
  typealias Extra = NoExtra

  static func bind(
    from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag
  ) -> Output {
    let items = dependency.state.items
    dependency.inputPublishers.add
      .sink { items.accept(items.value + [$0]) }
      .disposed(by: disposeBag)
    return Output(items: items)
  }

  init() { super.init(input: Input(), state: State(), extra: Extra()) }
}

@Suite struct DefaultMainActorReactorTests {
  @Test func aReactorDeclaredWithDefaultMainActorIsolationWorks() async {
    let reactor = TodoReactor { ["from disk"] }
    reactor.send(.add("milk"))
    #expect(reactor.currentState.items == ["milk"])
    reactor.send(.load)
    await eventually { reactor.currentState.items == ["from disk"] }
  }

  @Test func aReactorWithPlainEquatableTypesIsTestedExhaustively() async {
    let tester = ReactorTester { TodoReactor { ["from disk"] } }
    tester.send(.add("milk")) { $0.items = ["milk"] }
    tester.send(.load)
    await tester.receive({ _ in true }) { $0.items = ["from disk"] }
    await tester.finish()
  }

  @Test func aStreamDeclaredWithDefaultMainActorIsolationWorks() {
    let stream = ItemsStream()
    stream.input.add("eggs")
    #expect(stream.output.items.value == ["eggs"])
  }
}
