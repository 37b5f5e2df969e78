import Foundation
import RxDataSources
import RxSwift

struct TooManyRetries: Error {}

struct PreferenceRow: IdentifiableType, Equatable {
  let key: String
  var isOn: Bool
  var identity: String { key }
}

// A section type of the app's own, as RxDataSources apps declare them.
struct PreferenceSection: AnimatableSectionModelType {
  var title: String
  var items: [PreferenceRow]
  var identity: String { title }

  init(title: String, items: [PreferenceRow]) {
    self.title = title
    self.items = items
  }

  init(original: PreferenceSection, items: [PreferenceRow]) {
    self = original
    self.items = items
  }
}

protocol PreferencesStore {
  func save(notifications: Bool) -> Single<Void>
}

// A preferences screen's view model: a switch kept in a BehaviorSubject, the first changes
// the user makes reported (and logged while debugging), a save whose failure becomes a
// message.
final class PreferencesViewModel {
  let notifications = BehaviorSubject(value: false)
  let retries = BehaviorSubject<Int>(value: 3)
  private let store: PreferencesStore

  init(store: PreferencesStore) {
    self.store = store
  }

  /// The first two values the switch takes after the screen opens.
  var firstChanges: Observable<Bool> {
    notifications.skip(1).take(2).debug("notifications")
  }

  /// The list the screen shows: one section with the switch.
  var sections: Observable<[PreferenceSection]> {
    notifications.map { isOn in
      [PreferenceSection(title: "Alerts", items: [PreferenceRow(key: "notifications", isOn: isOn)])]
    }
  }

  /// The switch's value now.
  var isOn: Bool { (try? notifications.value()) ?? false }

  /// The names that match what the user types; none for nothing typed, and none when the
  /// lookup fails.
  func matches(_ queries: Observable<String>) -> Observable<[String]> {
    queries.flatMapLatest { text -> Observable<[String]> in
      text.isEmpty ? .just([]) : self.lookUp(text).asObservable().catchErrorJustReturn([])
    }
  }

  /// The retries setting, refused over ten.
  func validRetries() -> Single<Int> {
    retries.asObservable()
      .filter { count in
        if count > 10 { throw TooManyRetries() }
        return true
      }
      .take(1)
      .asSingle()
  }

  private func lookUp(_ text: String) -> Single<[String]> {
    text == "?" ? .error(TooManyRetries()) : .just([text.uppercased()])
  }

  /// What a save says: "Saved", or why not.
  func save() -> Observable<String> {
    store.save(notifications: isOn)
      .asObservable()
      .map { "Saved" }
      .catchError { error in .just("Not saved: \(error.localizedDescription)") }
  }
}

// A remote source whose Observable fails: its type must carry the failure, so that the
// view model's catch still means something.
protocol RemotePreferences {
  func fetchNotifications() -> Observable<Bool>
}

final class FlakyRemotePreferences: RemotePreferences {
  var fails = false

  func fetchNotifications() -> Observable<Bool> {
    Observable.create { observer in
      if self.fails {
        observer.onError(TooManyRetries())
      } else {
        observer.onNext(true)
        observer.onCompleted()
      }
      return Disposables.create()
    }
  }
}

extension PreferencesViewModel {
  /// The remote setting, off when it cannot be fetched.
  func remoteNotifications(_ remote: RemotePreferences) -> Observable<Bool> {
    remote.fetchNotifications().catchErrorJustReturn(false)
  }
}

// A store written with `create`, as callback-based services and mocks are.
final class MemoryPreferencesStore: PreferencesStore {
  private(set) var saved: [Bool] = []

  func save(notifications: Bool) -> Single<Void> {
    Single.create { single in
      self.saved.append(notifications)
      single(.success(()))
      return Disposables.create()
    }
  }

  /// The values the switch offers, in order.
  func choices() -> Observable<Bool> {
    Observable.create { observer in
      observer.onNext(false)
      observer.onNext(true)
      observer.onCompleted()
      return Disposables.create()
    }
  }
}
