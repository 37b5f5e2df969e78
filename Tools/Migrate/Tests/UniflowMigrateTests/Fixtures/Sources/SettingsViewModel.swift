import Foundation
import RxSwift

protocol SettingsStore {
  func save(notifications: Bool) -> Single<Void>
}

// A settings screen's view model: a switch kept in a BehaviorSubject, the first changes
// the user makes reported (and logged while debugging), a save whose failure becomes a
// message.
final class SettingsViewModel {
  let notifications = BehaviorSubject(value: false)
  let retries = BehaviorSubject<Int>(value: 3)
  private let store: SettingsStore

  init(store: SettingsStore) {
    self.store = store
  }

  /// The first two values the switch takes after the screen opens.
  var firstChanges: Observable<Bool> {
    notifications.skip(1).take(2).debug("notifications")
  }

  /// The switch's value now.
  var isOn: Bool { (try? notifications.value()) ?? false }

  /// What a save says: "Saved", or why not.
  func save() -> Observable<String> {
    store.save(notifications: isOn)
      .asObservable()
      .map { "Saved" }
      .catchError { error in .just("Not saved: \(error.localizedDescription)") }
  }
}

// A store written with `create`, as callback-based services and mocks are.
final class MemorySettingsStore: SettingsStore {
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
