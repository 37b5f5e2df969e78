import RxSwift
import Stubber

// A Stubber stub of the service, shared by the tests and the specs.
final class StubUserService: UserServiceType {
  let event = PublishSubject<UserEvent>()

  func user(id: Int) -> Single<User> {
    return Stubber.invoke(user, args: id, default: .never())
  }

  func follow(id: Int) -> Single<Bool> {
    return Stubber.invoke(follow, args: id, default: .just(false))
  }

  func followers(id: Int) -> Observable<[User]> {
    return Stubber.invoke(followers, args: id, default: .empty())
  }
}
