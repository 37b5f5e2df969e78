import UniflowTesting
import Uniflow
import Foundation
import Testing

@testable import PortedApp

private struct Store: SettingsStore {
  var failure: Error?

  func save(notifications: Bool) -> Single<Void> {
    if let failure { return .error(failure) }
    return .just(())
  }
}

@MainActor final class SettingsViewModelTests {
  @Test func theFirstTwoChangesAreReportedAndThenTheReportEnds() throws {
    let viewModel = SettingsViewModel(store: Store())
    let disposeBag = DisposeBag()
    var events: [Event<Bool, Never>] = []
    viewModel.firstChanges.materialize()
      .sink(receiveValue: { events.append($0) })
      .disposed(by: disposeBag)
    viewModel.notifications.send(true)
    viewModel.notifications.send(false)
    #expect(events == [.next(true), .next(false), .completed])
    #expect(!viewModel.isOn)
  }

  @Test func aFailedSaveSaysWhy() throws {
    let failure = NSError(domain: "settings", code: 7)
    let viewModel = SettingsViewModel(store: Store(failure: failure))
    let message = try viewModel.save().toBlocking(timeout: 1).first()
    #expect(message == "Not saved: \(failure.localizedDescription)")
  }

  @Test func aSaveThatWorksSaysSo() throws {
    let viewModel = SettingsViewModel(store: Store())
    viewModel.notifications.send(true)
    #expect((try viewModel.save().toBlocking(timeout: 1).toArray()) == ["Saved"])
    #expect(viewModel.retries.value == 3)
  }

  @Test func aStoreMadeWithCreateSavesAndOffersItsChoices() throws {
    let store = MemorySettingsStore()
    let viewModel = SettingsViewModel(store: store)
    viewModel.notifications.send(true)
    #expect((try viewModel.save().toBlocking(timeout: 1).toArray()) == ["Saved"])
    #expect(store.saved == [true])
    #expect((try store.choices().toBlocking(timeout: 1).toArray()) == [false, true])
  }
}
