import Nimble
import Quick
import Uniflow

@testable import PortedApp

// A spec written with an instance property and a helper, as Quick 4 allowed.
nonisolated final class PreferencesViewModelSpec: AsyncSpec {
  @MainActor static var viewModel: PreferencesViewModel!

  override class func spec() {
    beforeEach { @MainActor in
      self.viewModel = PreferencesViewModel(store: MemoryPreferencesStore())
    }

    describe("the switch") {
      self.itStartsOff()

      it("turns on") { @MainActor in
        self.viewModel.notifications.send(true)
        expect(self.viewModel.isOn) == true
      }
    }
  }

  static func itStartsOff() {
    it("starts off") { @MainActor in
      expect(self.viewModel.isOn) == false
    }
  }
}
