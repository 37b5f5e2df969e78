import Nimble
import Quick
import RxSwift

@testable import PortedApp

// A spec written with an instance property and a helper, as Quick 4 allowed.
final class PreferencesViewModelSpec: QuickSpec {
  var viewModel: PreferencesViewModel!

  override func spec() {
    beforeEach {
      self.viewModel = PreferencesViewModel(store: MemoryPreferencesStore())
    }

    describe("the switch") {
      self.itStartsOff()

      it("turns on") {
        self.viewModel.notifications.onNext(true)
        expect(self.viewModel.isOn) == true
      }
    }
  }

  func itStartsOff() {
    it("starts off") {
      expect(self.viewModel.isOn) == false
    }
  }
}
