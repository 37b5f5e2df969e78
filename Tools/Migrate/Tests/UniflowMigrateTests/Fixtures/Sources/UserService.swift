import RxSwift

enum UserEvent {
  case rename(String)
}

// A ReactorKit app's service: requests as `Single`s, and events every screen hears.
protocol UserServiceType {
  var event: PublishSubject<UserEvent> { get }
  func user(id: Int) -> Single<User>
  func follow(id: Int) -> Single<Bool>
}

final class UserService: UserServiceType {
  let event = PublishSubject<UserEvent>()
  private let client: APIClient

  init(client: APIClient) {
    self.client = client
  }

  func user(id: Int) -> Single<User> {
    return client.get("users/\(id)")
  }

  func follow(id: Int) -> Single<Bool> {
    return Single.just(true)
  }

  func rename(to name: String) {
    event.onNext(.rename(name))
  }
}
