import Nimble
import Quick
import Uniflow

@testable import PortedApp

// A spec written with an instance property and a helper, as Quick 4 allowed.
// uniflow-migrate: a var shared by Quick's closures: Quick runs a spec's closures on the main thread one after another, so it is marked nonisolated(unsafe); a main-actor box is the checked alternative (Migrating with uniflow migrate, Tests)
final class PreferencesViewModelSpec: QuickSpec {
  nonisolated(unsafe) static var viewModel: PreferencesViewModel!

  override class func spec() {
    beforeEach {
      self.viewModel = PreferencesViewModel(store: MemoryPreferencesStore())
    }

    describe("the switch") {
      self.itStartsOff()

      it("turns on") {
        self.viewModel.notifications.send(true)
        expect(self.viewModel.isOn) == true
      }
    }
  }

  static func itStartsOff() {
    it("starts off") {
      expect(self.viewModel.isOn) == false
    }
  }
}
