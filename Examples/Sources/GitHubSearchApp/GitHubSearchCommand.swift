import ArgumentParser
import CommandSupport
import Foundation
import GitHubSearchCore
import SearchUI
import Uniflow

/// `github-search`: GitHub's repository search as you type (Unio-style streams).
@main
struct GitHubSearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "github-search",
    abstract: "Search GitHub repositories as you type.")

  @OptionGroup var server: ServerOptions

  @Option(
    help: ArgumentHelp(
      "Record the session (the search stream's and its API stream's inputs and outputs) "
        + "into a new file, for `uniflow view`.", valueName: "file"))
  var record: String?

  @MainActor
  func run() async throws {
    let client = try server.client(defaultBaseURL: GitHubSearchRequester.defaultBaseURL)
    let recording = CommandRecording(path: record)
    defer { recording.finish() }
    let make = {
      SearchViewStream(
        searchAPIStream: SearchAPIStream(requester: GitHubSearchRequester(apiClient: client)),
        scheduler: DispatchQueue(label: "github-search").eraseToAnyScheduler())
    }
    let stream = recording.recorder?.recordingStreams(make) ?? make()
    let app = SearchApp(title: "GitHub repositories", placeholder: "type a query, e.g. swift") {
      stream.input.searchText($0)
    }
    let bag = CancelBag()
    app.follow(stream.output.publishers.repositories, in: bag) {
      $0.show(results: $1.map(Self.row))
    }
    app.follow(stream.output.publishers.error, in: bag) { $0.show(error: $1.map { "\($0)" }) }
    app.follow(stream.output.publishers.isLoading, in: bag) { $0.show(isLoading: $1) }
    try await app.runInTerminal()
  }

  static func row(_ repository: GitHubRepository) -> SearchScreen.Row {
    let details = [repository.language, repository.description].compactMap { $0 }
    return SearchScreen.Row(
      title: "\(repository.fullName)  ★ \(repository.stargazersCount)",
      detail: details.joined(separator: " · "))
  }
}
