import Quick
import XCTest

// SwiftPM finds XCTest's test methods on Linux by reading the code, and Quick's examples
// are made when the specs run, so it would find none: the specs run from here, through
// XCTest's own entry point, as Quick's Linux setup has them (`QCKMain` takes `QuickSpec`s;
// an `AsyncSpec` gives XCTest its examples the same way). XCTMain exits with the run's
// status. On Apple platforms Xcode runs the specs of a test bundle itself, and XCTest has no
// XCTMain.
#if os(Linux) || os(Windows)
  XCTMain([
    testCase(CounterSpec.allTests), testCase(GreetingSpec.allTests),
    testCase(ProfileViewReactorSpec.allTests), testCase(PreferencesViewModelSpec.allTests),
    testCase(FollowersReactorSpec.allTests),
  ])
#else
  print("On Apple platforms, run these specs in a test bundle, as Xcode does.")
#endif
