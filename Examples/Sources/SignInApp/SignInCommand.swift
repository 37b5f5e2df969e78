import ArgumentParser
import CommandSupport
import DemoServers
import Foundation
import Networking
import SignInCore
import SignInUI
import TerminalKit

/// `sign-in`: an RxSwift MVVM sign-in view model with a terminal view. With no `--base-url` it
/// talks to a demo server on 127.0.0.1 that accepts one account, shown on screen.
@main
struct SignInCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sign-in", abstract: "Sign in (an RxSwift MVVM view model on Combine).")

  @OptionGroup var server: ServerOptions

  @MainActor
  func run() async throws {
    var demoServer: DemoServer?
    let url: URL
    var hint: String?
    if let given = try server.givenBaseURL() {
      url = given
    } else {
      let account = SignInAccount()
      let demo = try await DemoServer.start(account: account)
      demoServer = demo
      url = demo.baseURL
      hint = "Demo account: \(account.email) / \(account.password)"
    }
    let app = SignInApp(
      signIn: SignInImpl(apiClient: APIClient(baseURL: url, timeout: server.timeout)), hint: hint)

    do {
      try await Terminal.runFullScreen(
        render: { SignInRenderer.render(app.screen, size: $0) },
        redrawOn: { app.onChange = $0 },
        handle: { app.handle($0) == .quit })
    } catch {
      throw CommandFailure("\(error)")
    }
    await demoServer?.stop()
  }
}
