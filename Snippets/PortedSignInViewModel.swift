// An RxSwift MVVM sign-in view model, ported from RxSwift.
import Uniflow

// snippet.hide
struct SignInError: Error, Equatable {}

protocol SignIn: Sendable {
  func sendRequest(email: String, password: String) -> AnyPublisher<String, SignInError>
}
// snippet.show

final class ViewModel {
  let nextViewPushing: AnyPublisher<Void, Never>
  let requestError = BehaviorRelay<SignInError?>(value: nil)
  let isSubmitEnabled: AnyPublisher<Bool, Never>

  init(
    emailText: AnyPublisher<String, Never>, passwordText: AnyPublisher<String, Never>,
    submitButtonTap: AnyPublisher<Void, Never>, signIn: any SignIn
  ) {
    let requestError = self.requestError
    let fields = emailText.combineLatest(passwordText).share()
    isSubmitEnabled = fields.map { !$0.isEmpty && !$1.isEmpty }.prepend(false)
      .removeDuplicates()
      .eraseToAnyPublisher()
    nextViewPushing = submitButtonTap.withLatestFrom(fields)
      .map { email, password in
        signIn.sendRequest(email: email, password: password)
          .catch { error -> Empty<String, Never> in
            requestError.accept(error)
            return Empty()
          }
      }
      .switchToLatest()
      .map { _ in () }
      .share()
      .eraseToAnyPublisher()
  }
}
