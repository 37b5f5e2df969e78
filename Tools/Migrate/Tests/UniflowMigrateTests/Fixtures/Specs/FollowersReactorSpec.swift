import Nimble
import Quick
import RxSwift

@testable import PortedApp

// A spec whose examples are defined in a helper, in an extension in a file of its own.
final class FollowersReactorSpec: QuickSpec {
  override func spec() {
    describeLoading()
  }
}
