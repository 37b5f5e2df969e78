import CombineCocoa
import Networking
import SignInCore
import UIKit
import Uniflow

/// The sign-in form of an RxSwift MVVM article in UIKit. The view model, tested on Linux,
/// takes the fields' and the button's publishers from CombineCocoa as its inputs; this
/// controller lays out the controls and shows the outputs.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let signIn = SignInViewController(signIn: SignInImpl(apiClient: client)) { navigation in
///   navigation?.pushViewController(WelcomeViewController(), animated: true)
/// }
/// window.rootViewController = UINavigationController(rootViewController: signIn)
/// ```
public final class SignInViewController: UIViewController {
  private let emailField = UITextField()
  private let passwordField = UITextField()
  private let submitButton = UIButton(configuration: .filled())
  private let errorLabel = UILabel()
  private let signIn: any SignIn
  private let onSignedIn: @MainActor (UINavigationController?) -> Void
  private var viewModel: ViewModel?
  private let disposeBag = DisposeBag()

  /// A form that signs in with `signIn` and calls `onSignedIn` with this controller's
  /// navigation controller once it has.
  public init(
    signIn: any SignIn,
    onSignedIn: @escaping @MainActor (UINavigationController?) -> Void
  ) {
    self.signIn = signIn
    self.onSignedIn = onSignedIn
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable, message: "The form is built in code; use init(signIn:onSignedIn:).")
  required init?(coder: NSCoder) {
    nil
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "Sign in"
    view.backgroundColor = .systemBackground
    layOutControls()
    bindViewModel()
  }

  private func bindViewModel() {
    // The controls' publishers, as CombineCocoa gives them, are the view model's inputs.
    let viewModel = ViewModel(
      emailText: emailField.textPublisher.map { $0 ?? "" }.eraseToAnyPublisher(),
      passwordText: passwordField.textPublisher.map { $0 ?? "" }.eraseToAnyPublisher(),
      submitButtonTap: submitButton.tapPublisher,
      signIn: signIn)
    // The request ends off the main thread; sinkOnMainActor brings each output back to the
    // main actor, in order.
    viewModel.isSubmitEnabled
      .sinkOnMainActor { [submitButton] in submitButton.isEnabled = $0 }
      .disposed(by: disposeBag)
    viewModel.requestError
      .sinkOnMainActor { [errorLabel] error in
        errorLabel.text = error.map { "Could not sign in: \($0)" }
        errorLabel.isHidden = error == nil
      }
      .disposed(by: disposeBag)
    viewModel.nextViewPushing
      .sinkOnMainActor { [weak self] in self?.onSignedIn(self?.navigationController) }
      .disposed(by: disposeBag)
    self.viewModel = viewModel
  }

  private func layOutControls() {
    emailField.placeholder = "E-mail"
    emailField.keyboardType = .emailAddress
    emailField.textContentType = .username
    emailField.autocapitalizationType = .none
    emailField.autocorrectionType = .no
    passwordField.placeholder = "Password"
    passwordField.textContentType = .password
    passwordField.isSecureTextEntry = true
    for field in [emailField, passwordField] { field.borderStyle = .roundedRect }
    submitButton.configuration?.title = "Sign in"
    errorLabel.textColor = .systemRed
    errorLabel.numberOfLines = 0
    errorLabel.isHidden = true

    let stack = UIStackView(arrangedSubviews: [emailField, passwordField, submitButton, errorLabel])
    stack.axis = .vertical
    stack.spacing = 12
    stack.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(stack)
    let margins = view.layoutMarginsGuide
    NSLayoutConstraint.activate([
      stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
      stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 24),
    ])
  }
}
