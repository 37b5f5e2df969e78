import FixtureServer
import Foundation
import Networking
import SignInCore
import Testing
import Uniflow
import UniflowTesting

@Suite struct SignInValidationTests {
  @Test(arguments: [
    ("taro@example.com", true), ("a@b.co", true), ("", false), ("taro", false),
    ("@example.com", false), ("taro@", false), ("taro@example", false),
    ("ta ro@example.com", false),
    ("taro@@example.com", false), ("taro@example..com", false),
  ])
  func anEmailIsPlausibleWithOneAtAndADottedDomain(email: String, plausible: Bool) {
    #expect(ViewModel.isPlausibleEmail(email) == plausible)
  }

  @Test func submitIsEnabledForAPlausibleEmailAndAPassword() throws {
    let email = PublishRelay<String>()
    let password = PublishRelay<String>()
    let viewModel = ViewModel(
      emailText: email.eraseToAnyPublisher(), passwordText: password.eraseToAnyPublisher(),
      signIn: SignInImpl(apiClient: APIClient(baseURL: URL(string: "http://127.0.0.1:1")!)))
    let enabled = Recorder<Bool>()
    let subscription = viewModel.isSubmitEnabled.sink { enabled.append($0) }
    email.accept("taro@example.com")
    password.accept("")
    password.accept("secret")
    email.accept("taro")
    #expect(enabled.values == [false, true, false])
    subscription.cancel()
  }
}

@Suite(.serialized) struct SignInServerTests {
  @Test func aWrongPasswordSetsRequestErrorAndTheRightOnePushesTheNextView() async throws {
    let server = try await FixtureServer.start()
    let email = PublishRelay<String>()
    let password = PublishRelay<String>()
    let tap = PublishRelay<Void>()
    let viewModel = ViewModel(
      emailText: email.eraseToAnyPublisher(), passwordText: password.eraseToAnyPublisher(),
      submitButtonTap: tap.eraseToAnyPublisher(),
      signIn: SignInImpl(apiClient: APIClient(baseURL: server.baseURL, timeout: 5)))
    let pushes = Recorder<Void>()
    let subscription = viewModel.nextViewPushing.sink { pushes.append($0) }
    defer { subscription.cancel() }

    email.accept("taro@example.com")
    password.accept("wrong")
    tap.accept(())
    await eventually("the error") { viewModel.requestError.value != nil }
    #expect(
      viewModel.requestError.value
        == .httpStatus(code: 401, message: "Wrong e-mail or password", retryAfter: nil))
    #expect(pushes.values.isEmpty)

    password.accept("correct horse")
    tap.accept(())
    await eventually("the next view") { pushes.values.count == 1 }
    #expect(viewModel.requestError.value == nil)
    let bodies = await server.requests.map {
      try? JSONSerialization.jsonObject(with: $0.body) as? [String: String]
    }
    #expect(bodies.map { $0?["password"] } == ["wrong", "correct horse"])
    await server.stop()
  }

  @Test func aTapWhileSubmitIsDisabledSendsNothing() async throws {
    let server = try await FixtureServer.start()
    let tap = PublishRelay<Void>()
    let viewModel = ViewModel(
      emailText: Just("not-an-email").eraseToAnyPublisher(),
      passwordText: Just("secret").eraseToAnyPublisher(),
      submitButtonTap: tap.eraseToAnyPublisher(),
      signIn: SignInImpl(apiClient: APIClient(baseURL: server.baseURL)))
    let subscription = viewModel.nextViewPushing.sink { _ in }
    tap.accept(())
    try await Task.sleep(for: .milliseconds(300))
    #expect(await server.requests.isEmpty)
    subscription.cancel()
    await server.stop()
  }

  @Test func theSignInRequestReturnsTheTokenBlocking() async throws {
    let server = try await FixtureServer.start()
    let signIn = SignInImpl(apiClient: APIClient(baseURL: server.baseURL, timeout: 5))
    let token = try await signIn.sendRequest(email: "taro@example.com", password: "correct horse")
      .awaitFirst(timeout: 5)
    #expect(token == "token-for-taro@example.com")
    await server.stop()
  }
}
