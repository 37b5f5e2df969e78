import ArgumentParser
import Foundation
import Networking
import SearchUI
import Uniflow
import WikipediaSearchCore

/// `wikipedia-search`: Wikipedia's search as you type (seed 002's view model).
@main
struct WikipediaSearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "wikipedia-search",
    abstract: "Search Wikipedia as you type (three characters or more).")

  @Option(help: "The wiki's server.")
  var baseURL = WikipediaDefaultAPI.defaultBaseURL.absoluteString

  @Option(help: "Seconds to wait for the server.")
  var timeout: Double = 15

  @MainActor
  func run() async throws {
    let client = APIClient(baseURL: try parseBaseURL(baseURL), timeout: timeout)
    let searchWord = PublishRelay<String>()
    let viewModel = WikipediaSearchViewModel(
      searchWord: searchWord.eraseToAnyPublisher(), api: WikipediaDefaultAPI(apiClient: client))
    let app = SearchApp(title: "Wikipedia", placeholder: "type three characters or more") {
      searchWord.accept($0)
    }
    let bag = CancelBag()
    viewModel.wikipediaPages
      .sink { @Sendable pages in
        let rows = pages.map { SearchScreen.Row(title: $0.title, detail: $0.url.absoluteString) }
        Task { @MainActor in
          app.show(results: rows)
          app.show(error: nil)
        }
      }
      .disposed(by: bag)
    viewModel.error
      .sink { @Sendable error in Task { @MainActor in app.show(error: "\(error)") } }
      .disposed(by: bag)
    viewModel.isLoading
      .sink { @Sendable isLoading in Task { @MainActor in app.show(isLoading: isLoading) } }
      .disposed(by: bag)

    let terminal = try takeOverTerminal()
    defer { terminal.restore() }
    await app.run(in: terminal)
  }
}
