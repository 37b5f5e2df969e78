// expect: error: type 'ParentReactor<Tag>' does not conform to protocol 'Reactor'
// expect: note: protocol requires function 'mutate(action:)' with type '(ParentReactor<Tag>.Action) -> Effect<Self.Mutation>'
// When Mutation is not Action, `mutate` has no default (unlike ReactorKit's, which returns
// nothing): a forgotten or mistyped `mutate` would drop every action without a word. The
// compiler names the signature to write; a parent with nothing to do writes `.none`.
import Uniflow

class ParentReactor<Tag>: Reactor {
  enum Action: Sendable {}
  typealias Mutation = Void
  typealias State = Int
  let initialState: State = 0
  let runtime = ReactorRuntime<ParentReactor>()

  func reduce(state: inout State, mutation: Mutation) {}
}
