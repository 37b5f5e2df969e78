import Foundation
import Uniflow

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
  let notifications = CurrentValueSubject<_, Never>(false)
  let retries = CurrentValueSubject<Int, Never>(3)
  private let store: PreferencesStore

  init(store: PreferencesStore) {
    self.store = store
  }

  /// The first two values the switch takes after the screen opens.
  var firstChanges: AnyPublisher<Bool, Never> {
    notifications.dropFirst(1).prefix(2).print("notifications").eraseToAnyPublisher()
  }

  /// The list the screen shows: one section with the switch.
  var sections: AnyPublisher<[PreferenceSection], Never> {
    notifications.map { isOn in
      [PreferenceSection(title: "Alerts", items: [PreferenceRow(key: "notifications", isOn: isOn)])]
    }.eraseToAnyPublisher()
  }

  /// The switch's value now.
  var isOn: Bool { (Optional(notifications.value)) ?? false }

  /// The names that match what the user types; none for nothing typed, and none when the
  /// lookup fails.
  func matches(_ queries: AnyPublisher<String, Never>) -> AnyPublisher<[String], Never> {
    queries.map { text -> AnyPublisher<[String], Never> in
      text.isEmpty ? .just([]) : self.lookUp(text).eraseToAnyPublisher().replaceError(with: []).eraseToAnyPublisher()
    }.switchToLatest().eraseToAnyPublisher()
  }

  /// The retries setting, refused over ten.
  func validRetries() -> Single<Int> {
    retries.eraseToAnyPublisher()
      .tryFilter { count in
        if count > 10 { throw TooManyRetries() }
        return true
      }
      .prefix(1)
      .eraseToAnyPublisher()
  }

  private func lookUp(_ text: String) -> Single<[String]> {
    text == "?" ? .error(TooManyRetries()) : .just([text.uppercased()])
  }

  /// What a save says: "Saved", or why not.
  func save() -> AnyPublisher<String, Never> {
    store.save(notifications: isOn)
      .eraseToAnyPublisher()
      .map { "Saved" }
      .catch { error in Just("Not saved: \(error.localizedDescription)") }.eraseToAnyPublisher()
  }
}

// A remote source whose Observable fails: its type must carry the failure, so that the
// view model's catch still means something.
protocol RemotePreferences {
  func fetchNotifications() -> AnyPublisher<Bool, any Error>
}

final class FlakyRemotePreferences: RemotePreferences {
  var fails = false

  func fetchNotifications() -> AnyPublisher<Bool, any Error> {
    AnyPublisher.create { observer in
      if self.fails {
        observer.send(completion: .failure(TooManyRetries()))
      } else {
        observer.send(true)
        observer.send(completion: .finished)
      }
      return Disposables.create()
    }
  }
}

extension PreferencesViewModel {
  /// The remote setting, off when it cannot be fetched.
  func remoteNotifications(_ remote: RemotePreferences) -> AnyPublisher<Bool, Never> {
    remote.fetchNotifications().replaceError(with: false).eraseToAnyPublisher()
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
  func choices() -> AnyPublisher<Bool, Never> {
    AnyPublisher.create { observer in
      observer.send(false)
      observer.send(true)
      observer.send(completion: .finished)
      return Disposables.create()
    }
  }
}
