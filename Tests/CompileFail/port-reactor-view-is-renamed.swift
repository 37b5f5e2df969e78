// expect: warning: 'ReactorView' is deprecated: renamed to 'Uniflow.View'
// The earlier second name of `View` compiles, and the fix-it names the one spelling.
import Uniflow

@MainActor func bind(_ view: any ReactorView) {}
