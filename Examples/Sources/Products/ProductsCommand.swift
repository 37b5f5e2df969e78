import ArgumentParser
import CommandSupport
import DemoServers
import Foundation
import Logging
import Networking
import ProductsCore
import ProductsUI
import TerminalKit

/// `products`: minne's MVVM + Repository screens in the terminal, as a flow: the list,
/// products and creators' pages on a stack. With no `--base-url` it starts a demo server on
/// 127.0.0.1, so it runs with no network and no arguments. `products open URL` starts from
/// a link.
@main
struct ProductsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "products",
    abstract: "Browse products, open one, favourite it (minne's MVVM + Repository).",
    subcommands: [Browse.self, Open.self],
    defaultSubcommand: Browse.self)

  /// The options every form of the command takes.
  struct Options: ParsableArguments {
    @OptionGroup var server: ServerOptions

    @Option(
      name: .customLong("db"),
      help: "The cache file (default: $XDG_CACHE_HOME/uniflow-products/cache.sqlite).")
    var path: String?

    @Flag(help: "Keep the cache in memory only.")
    var inMemory = false

    @Option(
      help: ArgumentHelp(
        "Record the session (the flow, the creators' pages, the view models' outputs) into "
          + "a new file, for `uniflow view`.", valueName: "file"))
    var record: String?

    func validate() throws {
      if inMemory, path != nil {
        throw ValidationError("--db and --in-memory cannot be used together.")
      }
    }
  }

  /// `products`: the list first.
  struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "browse", abstract: "Start at the list (the default).")

    @OptionGroup var options: Options

    @MainActor
    func run() async throws {
      try await ProductsCommand.run(options, opening: nil)
    }
  }

  /// `products open URL`: the stack a link names, over the list.
  struct Open: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Start from a link: products://product/12/creator.")

    @Argument(help: "The link, such as products://product/12 or products://product/12/creator.")
    var link: String

    @OptionGroup var options: Options

    @MainActor
    func run() async throws {
      try await ProductsCommand.run(options, opening: link)
    }
  }

  @MainActor
  static func run(_ options: Options, opening link: String?) async throws {
    // swift-log writes to stderr by default, which would scribble over the screen.
    LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }

    var demoServer: DemoServer?
    let url: URL
    if let given = try options.server.givenBaseURL() {
      url = given
    } else {
      let demo = try await DemoServer.start(catalog: .demo())
      demoServer = demo
      url = demo.baseURL
    }

    // A cache that cannot be used is said on screen; the app runs without it.
    var notice: String?
    let cache: (any ProductDatabaseProtocol)?
    if options.inMemory {
      cache = ProductDatabase.inMemory()
    } else {
      do {
        cache = try ProductDatabase.open(at: options.path ?? Self.defaultCachePath())
      } catch {
        cache = nil
        notice = TerminalLine(error.description).text
      }
    }

    let repository = ProductRepository(
      requester: ProductRequester(
        apiClient: APIClient(baseURL: url, timeout: options.server.timeout)),
      cache: cache)
    let recording = CommandRecording(path: options.record)
    defer { recording.finish() }
    let app = ProductsApp(repository: repository, recorder: recording.recorder)
    app.notice = notice

    app.start()
    // A bad link is shown on the list's screen; the app runs on from there.
    if let link { app.open(link) }
    do {
      try await Terminal.runFullScreen(
        render: { ProductsRenderer.render(app.screen, size: $0) },
        redrawOn: { app.onChange = $0 },
        handle: { app.handle($0) == .quit })
    } catch {
      throw CommandFailure("\(error)")
    }
    // A favourite tapped just before quitting was shown as made: let it reach the server.
    if repository.hasPendingChanges {
      print("Saving favourites…")
      await repository.finishPendingChanges()
    }
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
