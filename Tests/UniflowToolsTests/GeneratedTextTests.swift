import Foundation
import SnapshotTesting
import Testing
import UniflowNewScreens

/// The generated text of every kind, kept as snapshots: a template change shows up as a
/// diff in review. (That the text compiles and its tests pass is shown by
/// `scripts/test.sh`, which builds it in a package of its own.)
@Suite struct GeneratedTextTests {
  static let cases: [(kind: ScreenKind, repository: Bool)] = [
    (.stream, false), (.reactor, false), (.viewModel, false), (.viewModel, true),
  ]

  @Test(arguments: 0..<cases.count)
  func theGeneratedFilesMatchTheirSnapshots(index: Int) throws {
    let (kind, repository) = Self.cases[index]
    let files = try Scaffold.files(
      name: "Search", kind: kind, module: "App", repository: repository)
    let variant = kind.rawValue + (repository ? "-repository" : "")
    for file in files {
      assertSnapshot(
        of: file.contents, as: .lines, named: "\(variant)-\(file.name)",
        testName: "generated")
    }
    #expect(files.allSatisfy { !$0.contents.contains("{{") && !$0.contents.contains("__NAME__") })
    // A team's code needs nothing unchecked: mocks are on the main actor, or keep what they
    // saw in a `Recorder`.
    #expect(
      files.allSatisfy { !$0.contents.contains("@unchecked") && !$0.contents.contains("Lock()") })
  }

  @Test func theClockVariantOfTheReactorMatchesItsSnapshots() throws {
    let files = try Scaffold.files(name: "Search", kind: .reactor, module: "App", clock: true)
    for file in files {
      assertSnapshot(
        of: file.contents, as: .lines, named: "reactor-clock-\(file.name)",
        testName: "generated")
    }
    let plain = try Scaffold.files(name: "Search", kind: .reactor, module: "App")
    #expect(files.allSatisfy { $0.contents.contains("Clock") })
    #expect(
      plain.allSatisfy {
        !$0.contents.contains("@available") && !$0.contents.contains("#available")
      })
  }

  @Test func aClockIsOnlyForReactors() {
    #expect(throws: ScaffoldError.clockNeedsReactor) {
      try Scaffold.files(name: "Search", kind: .stream, module: "App", clock: true)
    }
  }

  @Test func eachKindWritesItsSourcesMockAndTests() throws {
    func names(_ kind: ScreenKind, repository: Bool = false) throws -> [String] {
      try Scaffold.files(name: "Search", kind: kind, module: "App", repository: repository)
        .map { ($0.destination == .sources ? "Sources/" : "Tests/") + $0.name }
    }
    #expect(
      try names(.stream) == [
        "Sources/SearchViewStream.swift", "Tests/MockSearchViewStream.swift",
        "Tests/SearchViewStreamTests.swift",
      ])
    #expect(
      try names(.reactor) == ["Sources/SearchReactor.swift", "Tests/SearchReactorTests.swift"])
    #expect(
      Set(try names(.viewModel)) == [
        "Sources/SearchViewModel.swift", "Sources/AppDependency.swift",
        "Tests/SearchViewModelTests.swift",
      ])
    #expect(
      Set(try names(.viewModel, repository: true)) == [
        "Sources/SearchViewModel.swift", "Sources/AppDependency.swift",
        "Sources/SearchRepository.swift", "Sources/SearchRequester.swift",
        "Sources/SearchEndpoint.swift", "Tests/SearchViewModelTests.swift",
        "Tests/MockSearchRepository.swift", "Tests/SearchRepositoryTests.swift",
      ])
    let shared = try Scaffold.files(name: "Search", kind: .viewModel, module: "App")
      .filter(\.isShared).map(\.name)
    #expect(shared == ["AppDependency.swift"])
  }

  @Test(arguments: ["", "1abc", "my-screen", "class", "Self", "search", "Search Screen", "Å-b"])
  func aNameThatIsNotATypeNameIsRefused(name: String) {
    #expect(throws: ScaffoldError.self) {
      try Scaffold.files(name: name, kind: .stream, module: "App")
    }
  }

  @Test(arguments: ["Search", "ProductDetail", "Ü2"])
  func aTypeNameIsAccepted(name: String) throws {
    let files = try Scaffold.files(name: name, kind: .reactor, module: "App")
    #expect(files.first?.contents.contains("final class \(name)Reactor: Reactor") == true)
  }

  @Test func aModuleThatIsNotAnIdentifierOrARepositoryForAnotherKindIsRefused() {
    #expect(throws: ScaffoldError.invalidModule("my-app")) {
      try Scaffold.files(name: "Search", kind: .stream, module: "my-app")
    }
    #expect(throws: ScaffoldError.repositoryNeedsViewModel) {
      try Scaffold.files(name: "Search", kind: .reactor, module: "App", repository: true)
    }
  }
}
