import Nimble
import Quick
import Uniflow

@testable import PortedApp

// A spec whose examples are defined in a helper, in an extension in a file of its own.
nonisolated final class FollowersReactorSpec: AsyncSpec {
  override class func spec() {
    describeLoading()
  }
}
