import Foundation
import Testing

@testable import UniflowMigrate

/// The repository's root, from this file's place in it.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The fixtures: ReactorKit, Unio and RxSwift MVVM code and its tests, written for these
/// tests in the style of such apps.
let fixtures = repository.appendingPathComponent("Tools/Migrate/Tests/UniflowMigrateTests/Fixtures")

/// Where each fixture folder's rewrites are kept: in `Checks/MainActorApp`, where they
/// compile against Uniflow and their tests run (the test command runs them).
let goldenFolders = [
  "Sources": "Checks/MainActorApp/Sources/PortedApp",
  "Tests": "Checks/MainActorApp/Tests/PortedAppTests",
  "Specs": "Checks/MainActorApp/Sources/QuickSpecsRunner/Ported",
]

/// Each fixture and its golden file.
let fixturePairs: [(fixture: URL, golden: URL)] = goldenFolders.keys.sorted().flatMap { folder in
  let names =
    (try? FileManager.default.contentsOfDirectory(
      atPath: fixtures.appendingPathComponent(folder).path)) ?? []
  return names.filter { $0.hasSuffix(".swift") }.sorted().map { name in
    (
      fixtures.appendingPathComponent(folder).appendingPathComponent(name),
      repository.appendingPathComponent(goldenFolders[folder]!).appendingPathComponent(name)
    )
  }
}

func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

/// Each fixture's name and text, in `fixturePairs`' order.
let fixtureTexts: [(path: String, text: String)] = fixturePairs.map {
  ($0.fixture.lastPathComponent, (try? contents($0.fixture)) ?? "")
}

/// One run over all the fixtures, as the command makes it: a test that imports no Rx
/// module goes along with the types it uses. Made once, for every test that reads it.
let fixtureRun = Result { try Migrator.migrate(together: fixtureTexts) }

/// The rewrite of the fixture named `name` in ``fixtureRun``.
func rewrite(of name: String) throws -> Migrator.Result {
  let run = try fixtureRun.get()
  guard let index = fixtureTexts.firstIndex(where: { $0.path == name }) else {
    throw CocoaError(.fileNoSuchFile)
  }
  return run.results[index]
}

@Suite struct GoldenFileTests {
  @Test func thereAreAtLeastADozenFixturesInEachStyle() throws {
    #expect(fixturePairs.count >= 12)
    let texts = try fixturePairs.map { try contents($0.fixture) }
    #expect(texts.contains { $0.contains("import ReactorKit") })
    #expect(texts.contains { $0.contains("import Unio") })
    #expect(texts.contains { $0.contains("func transform(input: Input) -> Output") })
    #expect(texts.contains { $0.contains("import RxTest") })
    #expect(texts.contains { $0.contains("import Quick") })
    #expect(texts.contains { $0.contains("import Stubber") })
  }

  /// Set `UNIFLOW_MIGRATE_RECORD=1` to write the rewrites as the new golden files, then
  /// read the diff before committing them.
  @Test(arguments: fixturePairs.map(\.fixture.lastPathComponent))
  func eachFixtureIsRewrittenAsItsGoldenFile(name: String) throws {
    let pair = try #require(fixturePairs.first { $0.fixture.lastPathComponent == name })
    let migrated = try rewrite(of: name)
    if ProcessInfo.processInfo.environment["UNIFLOW_MIGRATE_RECORD"] == "1" {
      try migrated.text.write(to: pair.golden, atomically: true, encoding: .utf8)
      return
    }
    let golden = try contents(pair.golden)
    #expect(
      migrated.text == golden,
      "the rewrite of \(name) differs from \(pair.golden.path):\n\(Diff.unified(golden, migrated.text, path: name))"
    )
  }

  @Test func aTestThatImportsNoRxIsMigratedWithTheTypesItUses() throws {
    #expect(try fixtureRun.get().testsAlongside == ["ProfileViewReactorStateTests.swift"])
    // Alone, with no file of the Rx world beside it, it is left as it is.
    let alone = try #require(fixtureTexts.first { $0.path == "ProfileViewReactorStateTests.swift" })
    #expect(try Migrator.migrate(together: [alone]).results[0].text == alone.text)
  }

  @Test(arguments: fixturePairs.map(\.fixture.lastPathComponent))
  func runningTwiceChangesNothing(name: String) throws {
    let once = try rewrite(of: name)
    #expect(try Migrator.migrate(once.text, path: name) == once, "a rewritten file is left alone")
    // Each rule leaves its own output alone, whatever the file imports.
    let twice = try Migrator.migrate(once.text, path: name, everyFile: true)
    #expect(
      twice.text == once.text,
      "a second run changed \(name):\n\(Diff.unified(once.text, twice.text, path: name))")
    #expect(twice.notes == once.notes)
  }

  @Test func theAppsOwnCodeIsLeftAsItIs() throws {
    let model = fixtures.appendingPathComponent("Sources/Models.swift")
    let text = try contents(model)
    #expect(try Migrator.migrate(text, path: "Models.swift").text == text)
  }

  @Test func noRxNameIsLeftInTheRewrites() throws {
    for pair in fixturePairs {
      let text = try rewrite(of: pair.fixture.lastPathComponent).text
      for name in [
        "import RxSwift", "import RxCocoa", "import ReactorKit", "import Unio\n", "import RxTest",
        "Stubber.", "import Stubber",
        "Observable<", "PublishSubject", ".asObservable()", "flatMapLatest", ".do(", ".onNext(",
        "inputObservables", "#if swift", "TestScheduler(", "XCTAssert", "override func spec()",
        "catchErrorJustReturn", ".empty()\n", "distinctUntilChanged", "startWith", "observeOn",
      ]
      where
        !(pair.fixture.lastPathComponent == "GreetingViewModelTests.swift" && name == "XCTAssert")
      {
        // A stub's `?? .empty()` is the kit's `AnyPublisher.empty()`, not Rx's.
        let checked = text.replacingOccurrences(of: "?? .empty()\n", with: "")
        #expect(!checked.contains(name), "\(pair.fixture.lastPathComponent) still says \(name)")
      }
    }
  }
}
