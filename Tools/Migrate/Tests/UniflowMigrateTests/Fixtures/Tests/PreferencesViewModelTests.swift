import RxBlocking
import RxSwift
import RxTest
import Stubber
import XCTest

@testable import PortedApp

private struct Store: PreferencesStore {
  var failure: Error?

  func save(notifications: Bool) -> Single<Void> {
    if let failure { return .error(failure) }
    return .just(())
  }
}

// A Stubber stub written as a struct.
struct StubPreferencesStore: PreferencesStore {
  func save(notifications: Bool) -> Single<Void> {
    return Stubber.invoke(save, args: notifications, default: .just(()))
  }
}

final class PreferencesViewModelTests: XCTestCase {
  override func tearDown() {
    Stubber.clear()
    super.tearDown()
  }

  func testAStubsAnswerSetAfterTheViewModelHasItIsUsed() throws {
    let stub = StubPreferencesStore()
    let viewModel = PreferencesViewModel(store: stub)
    Stubber.register(stub.save) { _ in .error(TooManyRetries()) }
    let message = try viewModel.save().toBlocking(timeout: 1).first()
    XCTAssertEqual(message?.hasPrefix("Not saved"), true)
    XCTAssertEqual(Stubber.executions(stub.save).count, 1)
  }

  func testTheFirstTwoChangesAreReportedAndThenTheReportEnds() throws {
    let viewModel = PreferencesViewModel(store: Store())
    let disposeBag = DisposeBag()
    var events: [Event<Bool>] = []
    viewModel.firstChanges.materialize()
      .subscribe(onNext: { events.append($0) })
      .disposed(by: disposeBag)
    viewModel.notifications.onNext(true)
    viewModel.notifications.onNext(false)
    XCTAssertEqual(events, [.next(true), .next(false), .completed])
    XCTAssertFalse(viewModel.isOn)
  }

  func testAFailedSaveSaysWhy() throws {
    let failure = NSError(domain: "settings", code: 7)
    let viewModel = PreferencesViewModel(store: Store(failure: failure))
    let message = try viewModel.save().toBlocking(timeout: 1).first()
    XCTAssertEqual(message, "Not saved: \(failure.localizedDescription)")
  }

  func testASaveThatWorksSaysSo() throws {
    let viewModel = PreferencesViewModel(store: Store())
    viewModel.notifications.onNext(true)
    XCTAssertEqual(try viewModel.save().toBlocking(timeout: 1).toArray(), ["Saved"])
    XCTAssertEqual(try viewModel.retries.value(), 3)
  }

  func testMatchesFollowTheQueryAndAFailedLookupShowsNone() throws {
    let viewModel = PreferencesViewModel(store: Store())
    let found = try viewModel.matches(Observable.of("", "ab", "?")).toBlocking(timeout: 1).toArray()
    XCTAssertEqual(found, [[], ["AB"], []])
  }

  func testRetriesOverTenAreRefused() throws {
    let viewModel = PreferencesViewModel(store: Store())
    XCTAssertEqual(try viewModel.validRetries().toBlocking(timeout: 1).first(), 3)
    viewModel.retries.onNext(11)
    XCTAssertThrowsError(try viewModel.validRetries().toBlocking(timeout: 1).first())
  }

  func testTheFirstChangesAsRxTestsStartSeesThem() {
    let scheduler = TestScheduler(initialClock: 0)
    let viewModel = PreferencesViewModel(store: Store())
    scheduler.scheduleAt(300) { viewModel.notifications.onNext(true) }
    scheduler.scheduleAt(400) { viewModel.notifications.onNext(false) }
    let observer = scheduler.start { viewModel.firstChanges }
    XCTAssertEqual(observer.events, [.next(300, true), .next(400, false), .completed(400)])
  }

  func testTheSectionShowsTheSwitch() throws {
    let viewModel = PreferencesViewModel(store: Store())
    let sections = try viewModel.sections.take(1).toBlocking(timeout: 1).first()
    XCTAssertEqual(sections?.first?.identity, "Alerts")
    XCTAssertEqual(sections?.first?.items, [PreferenceRow(key: "notifications", isOn: false)])
  }

  func testARemoteThatFailsReadsAsOff() throws {
    let viewModel = PreferencesViewModel(store: Store())
    let remote = FlakyRemotePreferences()
    XCTAssertEqual(try viewModel.remoteNotifications(remote).toBlocking(timeout: 1).toArray(), [true])
    remote.fails = true
    XCTAssertEqual(try viewModel.remoteNotifications(remote).toBlocking(timeout: 1).toArray(), [false])
  }

  func testAStoreAnswersItsSubscriber() {
    let disposeBag = DisposeBag()
    var saved = 0
    var failures: [String] = []
    for store in [Store(), Store(failure: NSError(domain: "preferences", code: 2))] {
      store.save(notifications: true)
        .subscribe(onSuccess: { saved += 1 }, onFailure: { error in failures.append("\(error)") })
        .disposed(by: disposeBag)
    }
    XCTAssertEqual(saved, 1)
    XCTAssertEqual(failures.count, 1)
  }

  func testAStoreMadeWithCreateSavesAndOffersItsChoices() throws {
    let store = MemoryPreferencesStore()
    let viewModel = PreferencesViewModel(store: store)
    viewModel.notifications.onNext(true)
    XCTAssertEqual(try viewModel.save().toBlocking(timeout: 1).toArray(), ["Saved"])
    XCTAssertEqual(store.saved, [true])
    XCTAssertEqual(try store.choices().toBlocking(timeout: 1).toArray(), [false, true])
  }
}
