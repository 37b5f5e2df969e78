// expect: warning: 'empty()' is deprecated: renamed to 'none'
// RxSwift's `.empty()` compiles as an effect, and the fix-it renames it to `.none`.
import Uniflow

func nothing() -> Effect<Int> { .empty() }
