// expect: warning: 'onNext' is deprecated: renamed to 'send(_:)'
// ReactorKit's `reactor.action.onNext` compiles, and the fix-it renames it.
import Uniflow

@MainActor func tap(_ reactor: some Reactor<Int, Int, Int>) {
  reactor.action.onNext(1)
}
