import ArgumentParser
import DemoServers
import Foundation
import Networking
import SignInCore
import SignInUI
import TerminalKit

/// `sign-in`: seed 004's sign-in view model with a terminal view. With no `--base-url` it
/// talks to a demo server on 127.0.0.1 that accepts one account, shown on screen.
@main
struct SignInCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sign-in", abstract: "Sign in (seed 004: an RxSwift MVVM view model on Combine).")

  @Option(help: "The sign-in API's base URL (default: a demo server on 127.0.0.1).")
  var baseURL: String?

  @Option(help: "Seconds a request may take.")
  var timeout: Double = 10

  func validate() throws {
    guard timeout > 0, timeout.isFinite else {
      throw ValidationError("--timeout must be positive.")
    }
  }

  @MainActor
  func run() async throws {
    var demoServer: DemoServer?
    let url: URL
    var hint: String?
    if let baseURL {
      guard let parsed = URL(string: baseURL), ["http", "https"].contains(parsed.scheme ?? ""),
        parsed.host != nil
      else { throw ValidationError("--base-url must be an http(s) URL with a host") }
      url = parsed
    } else {
      let account = SignInAccount()
      let server = try await DemoServer.start(account: account)
      demoServer = server
      url = server.baseURL
      hint = "Demo account: \(account.email) / \(account.password)"
    }
    let app = SignInApp(
      signIn: SignInImpl(apiClient: APIClient(baseURL: url, timeout: timeout)), hint: hint)

    let terminal: Terminal
    do {
      terminal = try Terminal.takeOver()
    } catch {
      throw SignInFailure(description: "\(error)")
    }
    defer { terminal.restore() }
    let draw = { terminal.draw(SignInRenderer.render(app.screen, size: terminal.size)) }
    app.onChange = draw
    draw()
    for await event in terminal.events() {
      if case .key(let key) = event, app.handle(key) == .quit { break }
      draw()
    }
    app.onChange = nil
    await demoServer?.stop()
  }
}

/// A failure the user can fix; printed as `Error: …`, exit status 1.
struct SignInFailure: Error, CustomStringConvertible {
  let description: String
}
