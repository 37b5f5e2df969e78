import Uniflow

enum UserEvent {
  case rename(String)
}

// A ReactorKit app's service: requests as `Single`s, and events every screen hears.
protocol UserServiceType {
  var event: PassthroughSubject<UserEvent, Never> { get }
  func user(id: Int) -> Single<User>
  func follow(id: Int) -> Single<Bool>
  func followers(id: Int) -> AnyPublisher<[User], Never>
}

final class UserService: UserServiceType {
  let event = PassthroughSubject<UserEvent, Never>()
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

  // Kept by the app as they are heard of; reading them cannot fail.
  func followers(id: Int) -> AnyPublisher<[User], Never> {
    return Just(knownFollowers[id] ?? []).eraseToAnyPublisher()
  }

  private var knownFollowers: [Int: [User]] = [:]

  func rename(to name: String) {
    event.send(.rename(name))
  }
}
