import Networking
import SignInCore
import SignInUI
import SnapshotTesting
import TerminalKit
import Testing
import Uniflow
import UniflowTesting

/// Answers every sign-in with `result`, after the test lets it.
struct StubSignIn: SignIn {
  let result: Result<String, APIError>

  func sendRequest(email: String, password: String) -> AnyPublisher<String, APIError> {
    result.publisher.eraseToAnyPublisher()
  }
}

@MainActor @Suite struct SignInAppTests {
  let size = TerminalSize(columns: 60, rows: 12)

  func type(_ text: String, into app: SignInApp) {
    for character in text { _ = app.handle(.character(character)) }
  }

  @Test func theButtonIsEnabledOnlyForAPlausibleEmailAndAPassword() async {
    let app = SignInApp(signIn: StubSignIn(result: .success("t")))
    type("ann@example", into: app)
    _ = app.handle(.tab)
    type("secret", into: app)
    await eventually("the form to be checked") { !app.screen.isSubmitEnabled }
    _ = app.handle(.backTab)
    type(".com", into: app)
    await eventually("the button to enable") { app.screen.isSubmitEnabled }
    assertSnapshot(of: SignInRenderer.render(app.screen, size: size).text, as: .lines)
  }

  @Test func aRefusedSignInShowsTheErrorAndTheFormStaysUsable() async {
    let app = SignInApp(
      signIn: StubSignIn(
        result: .failure(
          .httpStatus(code: 401, message: "Wrong e-mail or password", retryAfter: nil))))
    type("ann@example.com", into: app)
    _ = app.handle(.tab)
    type("nope", into: app)
    await eventually("the button to enable") { app.screen.isSubmitEnabled }
    _ = app.handle(.enter)
    await eventually("the error") { app.screen.errorMessage != nil }
    #expect(app.screen.errorMessage == "HTTP 401: Wrong e-mail or password")
    #expect(!app.screen.isSigningIn)
    #expect(app.screen.welcome == nil)
    assertSnapshot(of: SignInRenderer.render(app.screen, size: size).text, as: .lines)
  }

  @Test func signingInShowsTheWelcomeScreen() async {
    let app = SignInApp(signIn: StubSignIn(result: .success("token")))
    type("ann@example.com", into: app)
    _ = app.handle(.tab)
    type("correct horse", into: app)
    await eventually("the button to enable") { app.screen.isSubmitEnabled }
    _ = app.handle(.tab)
    _ = app.handle(.enter)
    await eventually("the welcome") { app.screen.welcome != nil }
    #expect(app.screen.welcome == "Welcome, ann@example.com!")
    #expect(app.handle(.character("x")) == .quit)
  }

  @Test func theSigningInLineAndTheMaskedPassword() {
    var screen = SignInScreen(hint: "Demo account: demo@example.com / correct horse")
    for character in "ann@example.com" { screen.email.handle(.character(character)) }
    for character in "pässwörd" { screen.password.handle(.character(character)) }
    screen.isSubmitEnabled = true
    screen.isSigningIn = true
    screen.focus = .button
    assertSnapshot(of: SignInRenderer.render(screen, size: size).text, as: .lines)
  }
}
