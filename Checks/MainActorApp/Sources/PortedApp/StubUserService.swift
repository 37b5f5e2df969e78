import Uniflow

// A Stubber stub of the service, shared by the tests and the specs.
final class StubUserService: UserServiceType {
  let event = PassthroughSubject<UserEvent, Never>()

  var userHandler: ((Int) -> Single<User>)?
  private(set) var userCalls: [Int] = []
  func user(id: Int) -> Single<User> {
    userCalls.append(id)
    return userHandler?(id) ?? .never()
  }

  var followHandler: ((Int) -> Single<Bool>)?
  private(set) var followCalls: [Int] = []
  func follow(id: Int) -> Single<Bool> {
    followCalls.append(id)
    return followHandler?(id) ?? .just(false)
  }

  var followersHandler: ((Int) -> AnyPublisher<[User], Never>)?
  private(set) var followersCalls: [Int] = []
  func followers(id: Int) -> AnyPublisher<[User], Never> {
    followersCalls.append(id)
    return followersHandler?(id) ?? .empty()
  }
}
