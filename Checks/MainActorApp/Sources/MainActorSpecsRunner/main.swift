import Quick
import XCTest

// The migrated specs again (Ported/ is QuickSpecsRunner's folder), in a module whose default
// isolation is the main actor, as an Xcode 26 app's test target has: what migrate writes
// must build and pass there too. They run as QuickSpecsRunner's do (its main.swift says why).
#if os(Linux) || os(Windows)
  XCTMain([
    testCase(ProfileViewReactorSpec.allTests), testCase(PreferencesViewModelSpec.allTests),
    testCase(FollowersReactorSpec.allTests),
  ])
#else
  print("On Apple platforms, run these specs in a test bundle, as Xcode does.")
#endif
