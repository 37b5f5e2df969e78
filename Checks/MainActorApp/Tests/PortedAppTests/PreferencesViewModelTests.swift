import UniflowTesting
import Uniflow
import Testing
import Foundation

@testable import PortedApp

private struct Store: PreferencesStore {
  var failure: Error?

  func save(notifications: Bool) -> Single<Void> {
    if let failure { return .error(failure) }
    return .just(())
  }
}

// A Stubber stub written as a struct.
final class StubPreferencesStore: PreferencesStore {
  var saveHandler: ((Bool) -> Single<Void>)?
  private(set) var saveCalls: [Bool] = []
  func save(notifications: Bool) -> Single<Void> {
    saveCalls.append(notifications)
    return saveHandler?(notifications) ?? .just(())
  }
}

@MainActor final class PreferencesViewModelTests {

  @Test func aStubsAnswerSetAfterTheViewModelHasItIsUsed() throws {
    let stub = StubPreferencesStore()
    let viewModel = PreferencesViewModel(store: stub)
    stub.saveHandler = { _ in .error(TooManyRetries()) }
    let message = try viewModel.save().prefix(1).toBlocking(timeout: 1).toArray().first
    #expect(message?.hasPrefix("Not saved") == true)
    #expect(stub.saveCalls.count == 1)
  }

  @Test func theFirstTwoChangesAreReportedAndThenTheReportEnds() throws {
    let viewModel = PreferencesViewModel(store: Store())
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
    let viewModel = PreferencesViewModel(store: Store(failure: failure))
    let message = try viewModel.save().prefix(1).toBlocking(timeout: 1).toArray().first
    #expect(message == "Not saved: \(failure.localizedDescription)")
  }

  @Test func aSaveThatWorksSaysSo() throws {
    let viewModel = PreferencesViewModel(store: Store())
    viewModel.notifications.send(true)
    #expect((try viewModel.save().toBlocking(timeout: 1).toArray()) == ["Saved"])
    #expect(viewModel.retries.value == 3)
  }

  @Test func matchesFollowTheQueryAndAFailedLookupShowsNone() throws {
    let viewModel = PreferencesViewModel(store: Store())
    let found = try viewModel.matches(["", "ab", "?"].publisher.eraseToAnyPublisher()).toBlocking(timeout: 1).toArray()
    #expect(found == [[], ["AB"], []])
  }

  @Test func retriesOverTenAreRefused() throws {
    let viewModel = PreferencesViewModel(store: Store())
    #expect((try viewModel.validRetries().prefix(1).toBlocking(timeout: 1).toArray().first) == 3)
    viewModel.retries.send(11)
    #expect(throws: (any Error).self) { try viewModel.validRetries().prefix(1).toBlocking(timeout: 1).toArray().first }
  }

  @Test func theFirstChangesAsRxTestsStartSeesThem() {
    let scheduler = VirtualTimeScheduler()
    let viewModel = PreferencesViewModel(store: Store())
    scheduler.schedule(at: 300) { viewModel.notifications.send(true) }
    scheduler.schedule(at: 400) { viewModel.notifications.send(false) }
    let observer = scheduler.start { viewModel.firstChanges }
    #expect(observer.events == [.next(300, true), .next(400, false), .completed(400)])
  }

  @Test func theSectionShowsTheSwitch() throws {
    let viewModel = PreferencesViewModel(store: Store())
    let sections = try viewModel.sections.prefix(1).prefix(1).toBlocking(timeout: 1).toArray().first
    #expect(sections?.first?.identity == "Alerts")
    #expect(sections?.first?.items == [PreferenceRow(key: "notifications", isOn: false)])
  }

  @Test func aRemoteThatFailsReadsAsOff() throws {
    let viewModel = PreferencesViewModel(store: Store())
    let remote = FlakyRemotePreferences()
    #expect((try viewModel.remoteNotifications(remote).toBlocking(timeout: 1).toArray()) == [true])
    remote.fails = true
    #expect((try viewModel.remoteNotifications(remote).toBlocking(timeout: 1).toArray()) == [false])
  }

  @Test func aStoreAnswersItsSubscriber() {
    let disposeBag = DisposeBag()
    var saved = 0
    var failures: [String] = []
    for store in [Store(), Store(failure: NSError(domain: "preferences", code: 2))] {
      store.save(notifications: true)
        .sink(receiveCompletion: { if case .failure(let error) = $0 { failures.append("\(error)") } }, receiveValue: { saved += 1 })
        .disposed(by: disposeBag)
    }
    #expect(saved == 1)
    #expect(failures.count == 1)
  }

  @Test func aStoreMadeWithCreateSavesAndOffersItsChoices() throws {
    let store = MemoryPreferencesStore()
    let viewModel = PreferencesViewModel(store: store)
    viewModel.notifications.send(true)
    #expect((try viewModel.save().toBlocking(timeout: 1).toArray()) == ["Saved"])
    #expect(store.saved == [true])
    #expect((try store.choices().toBlocking(timeout: 1).toArray()) == [false, true])
  }
}
