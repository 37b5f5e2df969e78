import Foundation
import Networking
import Uniflow

/// An RxSwift MVVM sign-in view model: its inputs are the view's publishers, handed to `init`.
/// Submit is enabled for a plausible e-mail and a non-empty password; a tap while it is
/// disabled does nothing. A successful sign-in sends ``nextViewPushing``; a failed one
/// sets ``requestError`` and the form stays usable.
///
/// ```swift
/// let viewModel = ViewModel(
///   emailText: emailField.text, passwordText: passwordField.text,
///   submitButtonTap: submitButton.taps, signIn: SignInImpl(apiClient: client))
/// ```
public final class ViewModel {
  public let nextViewPushing: AnyPublisher<Void, Never>
  /// The last failure, `nil` until one happens and again when a new request starts.
  public let requestError = BehaviorRelay<APIError?>(value: nil)
  public let isSubmitEnabled: AnyPublisher<Bool, Never>
  private let disposeBag = DisposeBag()

  public init(
    emailText: AnyPublisher<String, Never> = Empty().eraseToAnyPublisher(),
    passwordText: AnyPublisher<String, Never> = Empty().eraseToAnyPublisher(),
    submitButtonTap: AnyPublisher<Void, Never> = Empty().eraseToAnyPublisher(),
    signIn: any SignIn
  ) {
    let requestError = self.requestError
    let fields = emailText.combineLatest(passwordText).share()
    isSubmitEnabled = fields.map(Self.canSubmit).prepend(false).removeDuplicates()
      .eraseToAnyPublisher()

    // Each tap that can submit starts a request; what happens to it is a value, not a
    // side effect hidden in an operator (as the RxSwift MVVM article puts it, the view model
    // does not change its own properties procedurally). A newer tap replaces the request
    // before it.
    let outcomes = submitButtonTap.withLatestFrom(fields)
      .filter(Self.canSubmit)
      .map { email, password in
        signIn.sendRequest(email: email, password: password)
          .map { _ in SignInOutcome.signedIn }
          .catch { Just(SignInOutcome.failed($0)) }
          .prepend(.started)
      }
      .switchToLatest()
      .share()

    nextViewPushing =
      outcomes
      .compactMap { $0 == .signedIn ? () : nil }
      .eraseToAnyPublisher()
    // A new request clears the last failure; a failure is shown until then.
    outcomes
      .compactMap { outcome -> APIError?? in
        switch outcome {
        case .started: .some(nil)
        case .failed(let error): .some(error)
        case .signedIn: nil
        }
      }
      .bind(to: requestError)
      .disposed(by: disposeBag)
  }

  static func canSubmit(email: String, password: String) -> Bool {
    isPlausibleEmail(email) && !password.isEmpty
  }

  /// One "@" with something before it, and a dotted domain after it; no spaces.
  public static func isPlausibleEmail(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else {
      return false
    }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
  }
}

/// What became of one sign-in request.
enum SignInOutcome: Equatable {
  case started
  case signedIn
  case failed(APIError)
}
