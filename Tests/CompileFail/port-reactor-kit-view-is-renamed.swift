// expect: error: 'View' has been renamed to 'ReactorView': ReactorKit 4 renamed it too
// ReactorKit 3's `View` does not compile, and the fix-it writes ReactorKit 4's name.
import Uniflow

@MainActor func bind(_ view: any View) {}
