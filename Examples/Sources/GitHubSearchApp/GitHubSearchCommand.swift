import ArgumentParser
import Foundation
import GitHubSearchCore
import Networking
import SearchUI
import Uniflow

/// `github-search`: GitHub's repository search as you type (seed 000's streams).
@main
struct GitHubSearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "github-search",
    abstract: "Search GitHub repositories as you type.")

  @Option(help: "The API server.")
  var baseURL = GitHubSearchRequester.defaultBaseURL.absoluteString

  @Option(help: "Seconds to wait for the server.")
  var timeout: Double = 15

  @MainActor
  func run() async throws {
    let client = APIClient(baseURL: try parseBaseURL(baseURL), timeout: timeout)
    let stream = SearchViewStream(
      searchAPIStream: SearchAPIStream(requester: GitHubSearchRequester(apiClient: client)),
      scheduler: DispatchQueue(label: "github-search").eraseToAnyScheduler())
    let app = SearchApp(title: "GitHub repositories", placeholder: "type a query, e.g. swift") {
      stream.input.searchText($0)
    }
    let bag = CancelBag()
    stream.output.publishers.repositories
      .sink { @Sendable repositories in
        let rows = repositories.map(Self.row)
        Task { @MainActor in app.show(results: rows) }
      }
      .disposed(by: bag)
    stream.output.publishers.error
      .sink { @Sendable error in
        let message = error.map { "\($0)" }
        Task { @MainActor in app.show(error: message) }
      }
      .disposed(by: bag)
    stream.output.publishers.isLoading
      .sink { @Sendable isLoading in Task { @MainActor in app.show(isLoading: isLoading) } }
      .disposed(by: bag)

    let terminal = try takeOverTerminal()
    defer { terminal.restore() }
    await app.run(in: terminal)
  }

  static func row(_ repository: GitHubRepository) -> SearchScreen.Row {
    let details = [repository.language, repository.description].compactMap { $0 }
    return SearchScreen.Row(
      title: "\(repository.fullName)  ★ \(repository.stargazersCount)",
      detail: details.joined(separator: " · "))
  }
}
