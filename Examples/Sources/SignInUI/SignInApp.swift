import Foundation
import Networking
import SignInCore
import TerminalKit
import Uniflow

/// Everything the sign-in command draws.
public struct SignInScreen: Equatable, Sendable {
  /// Where the keys go.
  public enum Focus: Equatable, Sendable { case email, password, button }

  public var email = TextField(limit: 254)
  public var password = TextField(limit: 128)
  public var focus = Focus.email
  public var isSubmitEnabled = false
  public var isSigningIn = false
  public var errorMessage: String?
  /// Set once signed in: the welcome screen shows.
  public var welcome: String?
  /// A line under the form, such as the demo account.
  public var hint: String?

  public init(hint: String? = nil) {
    self.hint = hint
  }
}

/// The sign-in command's screen logic over the sign-in ``ViewModel``: the fields and the
/// button feed its input publishers, and its outputs decide what the screen shows.
///
/// ```swift
/// let app = SignInApp(signIn: SignInImpl(apiClient: client))
/// app.onChange = { terminal.draw(SignInRenderer.render(app.screen, size: terminal.size)) }
/// ```
@MainActor
public final class SignInApp {
  public enum Outcome: Equatable, Sendable {
    case `continue`, quit
  }

  public private(set) var screen: SignInScreen
  /// Called when something changed that no key caused (the answer arrived).
  public var onChange: (@MainActor () -> Void)?

  private let emailText = CurrentValueSubject<String, Never>("")
  private let passwordText = CurrentValueSubject<String, Never>("")
  private let submitTaps = PassthroughSubject<Void, Never>()
  private let viewModel: ViewModel
  private let cancelBag = CancelBag()

  public init(signIn: any SignIn, hint: String? = nil) {
    screen = SignInScreen(hint: hint)
    viewModel = ViewModel(
      emailText: emailText.eraseToAnyPublisher(),
      passwordText: passwordText.eraseToAnyPublisher(),
      submitButtonTap: submitTaps.eraseToAnyPublisher(), signIn: signIn)
    viewModel.isSubmitEnabled
      .sinkOnMainActor { [weak self] in self?.update { $0.isSubmitEnabled = $1 }($0) }
      .disposed(by: cancelBag)
    viewModel.requestError
      .sinkOnMainActor { [weak self] error in
        self?.update {
          $0.errorMessage = $1.map { TerminalLine("\($0)").text }
          if $1 != nil { $0.isSigningIn = false }
        }(error)
      }
      .disposed(by: cancelBag)
    viewModel.nextViewPushing
      .sinkOnMainActor { [weak self] in
        guard let self else { return }
        update {
          $0.isSigningIn = false
          $0.welcome = "Welcome, \($1)!"
        }(screen.email.text)
      }
      .disposed(by: cancelBag)
  }

  /// Handles one key.
  public func handle(_ key: Key) -> Outcome {
    if screen.welcome != nil { return .quit }
    switch key {
    case .escape, .control("c"), .control("d"):
      return .quit
    case .tab, .down:
      screen.focus = next(after: screen.focus)
    case .backTab, .up:
      screen.focus = previous(before: screen.focus)
    case .enter where screen.focus == .button, .enter where screen.isSubmitEnabled:
      submit()
    case .enter:
      screen.focus = next(after: screen.focus)
    default:
      switch screen.focus {
      case .email:
        if screen.email.handle(key) { emailText.send(screen.email.text) }
      case .password:
        if screen.password.handle(key) { passwordText.send(screen.password.text) }
      case .button:
        if key == .character(" ") { submit() }
      }
    }
    return .continue
  }

  /// A tap on the button: ignored while it is disabled or a request runs, as the view
  /// model ignores it.
  private func submit() {
    guard screen.isSubmitEnabled, !screen.isSigningIn else { return }
    screen.isSigningIn = true
    screen.errorMessage = nil
    submitTaps.send(())
  }

  private func next(after focus: SignInScreen.Focus) -> SignInScreen.Focus {
    switch focus {
    case .email: .password
    case .password: .button
    case .button: .email
    }
  }

  private func previous(before focus: SignInScreen.Focus) -> SignInScreen.Focus {
    switch focus {
    case .email: .button
    case .password: .email
    case .button: .password
    }
  }

  private func update<Value>(_ change: @escaping (inout SignInScreen, Value) -> Void) -> (Value)
    -> Void
  {
    { [weak self] value in
      guard let self else { return }
      change(&screen, value)
      onChange?()
    }
  }
}

/// Draws a ``SignInScreen``: a pure function of the screen and the window's size.
public enum SignInRenderer {
  public static func render(_ screen: SignInScreen, size: TerminalSize) -> Frame {
    let width = max(size.columns, 20)
    let rows = max(size.rows, 10)
    var lines = [" Sign in", String(repeating: "─", count: width), ""]
    var cursor: Frame.Position?
    if let welcome = screen.welcome {
      lines += [" \(welcome)", "", " Press any key to quit."]
    } else {
      let fieldWidth = max(1, width - 14)
      let email = screen.email.visible(width: fieldWidth)
      // The password shows as bullets, one per character, with its cursor where it is.
      var masked = TextField(text: String(repeating: "•", count: screen.password.text.count))
      for _ in 0..<(screen.password.text.count - screen.password.cursor) { masked.handle(.left) }
      let password = masked.visible(width: fieldWidth)
      lines.append(" E-mail    [\(email.text)]")
      lines.append(" Password  [\(password.text)]")
      lines.append("")
      let button = screen.isSigningIn ? "signing in…" : "Sign in"
      let enabled = screen.isSubmitEnabled && !screen.isSigningIn
      let focused = screen.focus == .button
      lines.append(
        "           " + (focused ? "> " : "  ") + (enabled ? "[ \(button) ]" : "( \(button) )"))
      lines.append("")
      lines.append(screen.errorMessage.map { " ! \($0)" } ?? "")
      if let hint = screen.hint { lines.append(" \(hint)") }
      switch screen.focus {
      case .email: cursor = Frame.Position(row: 3, column: 12 + email.cursorColumn)
      case .password: cursor = Frame.Position(row: 4, column: 12 + password.cursorColumn)
      case .button: cursor = nil
      }
    }
    var body = Array(lines.prefix(rows - 1))
    body += Array(repeating: "", count: rows - 1 - body.count)
    body.append(
      screen.welcome == nil ? " Tab next field  Enter sign in  Esc quit" : " any key quit")
    return Frame(lines: body.map { $0.fitted(toWidth: width) }, cursor: cursor)
  }
}
