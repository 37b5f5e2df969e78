import ArgumentParser
import CommandSupport
import SearchUI
import Uniflow
import WikipediaSearchCore

/// `wikipedia-search`: Wikipedia's search as you type (an RxSwift MVVM view model).
@main
struct WikipediaSearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "wikipedia-search",
    abstract: "Search Wikipedia as you type (three characters or more).")

  @OptionGroup var server: ServerOptions

  @MainActor
  func run() async throws {
    let client = try server.client(defaultBaseURL: WikipediaDefaultAPI.defaultBaseURL)
    let searchWord = PublishRelay<String>()
    let viewModel = WikipediaSearchViewModel(
      searchWord: searchWord.eraseToAnyPublisher(), api: WikipediaDefaultAPI(apiClient: client))
    let app = SearchApp(title: "Wikipedia", placeholder: "type three characters or more") {
      searchWord.accept($0)
    }
    let bag = CancelBag()
    app.follow(viewModel.wikipediaPages, in: bag) { app, pages in
      app.show(results: pages.map { .init(title: $0.title, detail: $0.url.absoluteString) })
      app.show(error: nil)
    }
    app.follow(viewModel.error, in: bag) { $0.show(error: "\($1)") }
    app.follow(viewModel.isLoading, in: bag) { $0.show(isLoading: $1) }
    try await app.runInTerminal()
  }
}
