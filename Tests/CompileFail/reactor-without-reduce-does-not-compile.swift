// expect: error: type 'ForgetfulReactor' does not conform to protocol 'Reactor'
// A reactor that writes no `reduce` is refused by the compiler, not stopped at run time.
import Uniflow

final class ForgetfulReactor: Reactor {
  enum Action: Sendable { case increase }
  struct State { var count = 0 }
  let initialState = State()
  let runtime = ReactorRuntime<ForgetfulReactor>()
}
