import ArgumentParser
import DemoServers
import Foundation
import Logging
import Networking
import ProductsCore
import ProductsUI
import TerminalKit

/// `products`: seed 001's screens in the terminal. With no `--base-url` it starts a demo
/// server on 127.0.0.1, so it runs with no network and no arguments.
@main
struct ProductsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "products",
    abstract: "Browse products, open one, favourite it (seed 001: MVVM + Repository).")

  @Option(help: "The product API's base URL (default: a demo server on 127.0.0.1).")
  var baseURL: String?

  @Option(
    name: .customLong("db"),
    help: "The cache file (default: $XDG_CACHE_HOME/uniflow-products/cache.sqlite).")
  var path: String?

  @Flag(help: "Keep the cache in memory only.")
  var inMemory = false

  @Option(help: "Seconds a request may take.")
  var timeout: Double = 10

  func validate() throws {
    if inMemory, path != nil {
      throw ValidationError("--db and --in-memory cannot be used together.")
    }
    guard timeout > 0, timeout.isFinite else {
      throw ValidationError("--timeout must be positive.")
    }
  }

  @MainActor
  func run() async throws {
    // swift-log writes to stderr by default, which would scribble over the screen.
    LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }

    var demoServer: DemoServer?
    let url: URL
    if let baseURL {
      guard let parsed = URL(string: baseURL), ["http", "https"].contains(parsed.scheme ?? ""),
        parsed.host != nil
      else { throw ValidationError("--base-url must be an http(s) URL with a host") }
      url = parsed
    } else {
      let server = try await DemoServer.start(catalog: .demo())
      demoServer = server
      url = server.baseURL
    }

    // A cache that cannot be used is said on screen; the app runs without it.
    var notice: String?
    let cache: (any ProductDatabaseProtocol)?
    if inMemory {
      cache = ProductDatabase.inMemory()
    } else {
      do {
        cache = try ProductDatabase.open(at: path ?? Self.defaultCachePath())
      } catch {
        cache = nil
        notice = TerminalLine(error.description).text
      }
    }

    let repository = ProductRepository(
      requester: ProductRequester(apiClient: APIClient(baseURL: url, timeout: timeout)),
      cache: cache)
    let app = ProductsApp(repository: repository)
    app.notice = notice

    let terminal: Terminal
    do {
      terminal = try Terminal.takeOver()
    } catch {
      throw CommandFailure(description: "\(error)")
    }
    defer { terminal.restore() }
    let draw = { terminal.draw(ProductsRenderer.render(app.screen, size: terminal.size)) }
    app.onChange = draw
    app.start()
    draw()
    for await event in terminal.events() {
      if case .key(let key) = event, app.handle(key) == .quit { break }
      draw()
    }
    app.onChange = nil
    await demoServer?.stop()
  }

  static func defaultCachePath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let cacheHome =
      environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? ((environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.cache")
    return cacheHome + "/uniflow-products/cache.sqlite"
  }
}

/// A failure the user can fix; printed as `Error: …`, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
  let description: String
}
