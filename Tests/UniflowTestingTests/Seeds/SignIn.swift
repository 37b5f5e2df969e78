import Foundation
import Uniflow

// Seed 004, ported: Observable is spelled AnyPublisher, Variable is a BehaviorRelay,
// flatMapLatest is map + switchToLatest, nothing else is renamed.

protocol SignIn {
  func sendRequest(email: String, password: String) -> AnyPublisher<String, any Error>
}

final class ViewModel {
  let nextViewPushing: AnyPublisher<Void, Never>
  let requestError = BehaviorRelay<(any Swift.Error)?>(value: nil)

  init(
    emailText: AnyPublisher<String, Never> = Empty().eraseToAnyPublisher(),
    passwordText: AnyPublisher<String, Never> = Empty().eraseToAnyPublisher(),
    submitButtonTap: AnyPublisher<Void, Never> = Empty().eraseToAnyPublisher(),
    signIn: any SignIn
  ) {
    let requestError = self.requestError

    let fields = emailText.combineLatest(passwordText)

    nextViewPushing = submitButtonTap.withLatestFrom(fields)
      .map { statusCode, password -> AnyPublisher<String, Never> in
        signIn
          .sendRequest(email: statusCode, password: password)
          .catch { e -> Empty<String, Never> in
            requestError.accept(e)
            return Empty()
          }
          .eraseToAnyPublisher()
      }
      .switchToLatest()
      .map { _ in () }
      .eraseToAnyPublisher()
  }
}

/// Answers like the seed's httpbin endpoint: the "e-mail" is the status code to return.
struct SignInMock: SignIn {
  static let error = NSError(domain: "SignInMock", code: 401)

  func sendRequest(email: String, password: String) -> AnyPublisher<String, any Error> {
    if email == "200" {
      return Just("OK").setFailureType(to: (any Error).self).eraseToAnyPublisher()
    }
    return Fail(error: Self.error).eraseToAnyPublisher()
  }
}
