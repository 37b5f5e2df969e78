import Foundation
import Testing

@testable import UniflowMutate

/// Quick specs as a kind of test a mutant runs against: on Linux they run from an
/// executable of their own (an `XCTMain`), which `mutate` finds in the package's layout and
/// runs whole, after the test program.
@Suite struct SpecRunnerTests {
  /// A layout as `swift package describe` writes it: a reactor's library, its specs' runner,
  /// an executable that is not one, and a test target.
  static let layout = #"""
    {"name": "App", "targets": [
      {"name": "Screens", "c99name": "Screens", "type": "library", "path": "Sources/Screens",
       "sources": ["FollowersReactor.swift"]},
      {"name": "SpecsRunner", "c99name": "SpecsRunner", "type": "executable",
       "path": "Sources/SpecsRunner", "target_dependencies": ["Screens"],
       "product_dependencies": ["Quick", "Nimble"]},
      {"name": "Tool", "c99name": "Tool", "type": "executable", "path": "Sources/Tool",
       "target_dependencies": ["Screens"], "product_dependencies": ["ArgumentParser"]},
      {"name": "ScreensTests", "c99name": "ScreensTests", "type": "test",
       "path": "Tests/ScreensTests", "target_dependencies": ["Screens"]}
    ]}
    """#

  @Test func anExecutableThatUsesQuickAndReachesTheCodeIsItsSpecRunner() throws {
    let layout = try JSONDecoder().decode(PackageLayout.self, from: Data(Self.layout.utf8))
    #expect(layout.specRunners(reaching: "Screens").map(\.name) == ["SpecsRunner"])
    #expect(layout.specRunners(reaching: "Tool").isEmpty)
  }

  @Test func aSelectionOfSpecsAloneIsNotEmptyAndNamesItsRunner() {
    let selection = TestSelection(
      xcTests: [], swiftTests: [], modules: [], filtered: false, specRunners: ["SpecsRunner"])
    #expect(!selection.isEmpty)
    #expect(selection.count == 1)
    #expect(selection.names == ["SpecsRunner (Quick specs)"])
    #expect(selection.invocations.isEmpty)
  }

  @Test func aSpecRunnerThatFailsWithTheMutantOnKillsIt() async throws {
    // A test program with no tests, and a runner whose spec fails with mutant 3 on.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("spec-runner-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let program = folder.appendingPathComponent("AppPackageTests.xctest")
    let runner = folder.appendingPathComponent("SpecsRunner")
    try write("#!/bin/sh\nexit 0\n", to: program)
    try write(
      """
      #!/bin/sh
      if [ "$\(MutantSwitch.environmentVariable)" = 3 ]; then
        echo "Test Case 'FollowersReactorSpec.loads_the_followers' failed (0.01 seconds)"
        exit 1
      fi
      echo "Executed 4 tests, with 0 failures"
      """, to: runner)
    let binary = try TestBinary(path: program, folder: folder)
    let selection = binary.selection(modules: [], runners: ["SpecsRunner"], filter: nil)

    let killed = await binary.run(selection, mutant: 3, timeout: .seconds(30))
    #expect(killed.verdict == .failed)
    #expect(killed.failing == ["FollowersReactorSpec.loads_the_followers"])
    let survived = await binary.run(selection, mutant: 1, timeout: .seconds(30))
    #expect(survived.verdict == .passed)
  }

  private func write(_ text: String, to file: URL) throws {
    try Data(text.utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
  }
}

/// A test program that is a bundle, as SwiftPM builds it on macOS, runs through
/// `swift test --skip-build`, which lists and chooses the same tests by the same names.
@Suite struct SwiftTestLaunchTests {
  /// A stand-in for `swift`: it lists two tests of each library, writes its arguments to
  /// `arguments.log`, and fails a Swift Testing test while mutant 3 is on.
  static let swift = #"""
    #!/bin/sh
    echo "$@" >> "$(dirname "$0")/arguments.log"
    case "$*" in
      *"test list"*"--disable-swift-testing"*)
        echo "[0/1] Planning build"; echo "AppTests.Legacy/testReset"; exit 0 ;;
      *"test list"*"--disable-xctest"*)
        echo "AppTests.\`The counter\`/\`adds one\`()"; echo "AppTests.Plain/stops()"; exit 0 ;;
      *"--disable-xctest"*)
        if [ "$UNIFLOW_MUTANT" = 3 ]; then
          echo "✘ Test \"adds one\" failed after 0.001 seconds with 1 issue."
          exit 1
        fi ;;
    esac
    exit 0
    """#

  @Test func aTestBundleIsListedAndRunThroughSwiftTest() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("swift-test-launch-\(UUID().uuidString)")
    let bundle = folder.appendingPathComponent("AppPackageTests.xctest")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let swift = folder.appendingPathComponent("swift")
    try Data(Self.swift.utf8).write(to: swift)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
    let package = folder.appendingPathComponent("App")
    let scratch = folder.appendingPathComponent("App/.build")

    let binary = try TestBinary(
      path: bundle, folder: folder, package: package, scratch: scratch, swift: swift)
    #expect(binary.launch == .swiftTest(swift: swift, package: package, scratch: scratch))
    #expect(binary.xcTests == ["AppTests.Legacy/testReset"])
    #expect(binary.swiftTests == ["AppTests.`The counter`/`adds one`()", "AppTests.Plain/stops()"])

    let selection = binary.selection(
      modules: ["AppTests"], filter: try NSRegularExpression(pattern: "adds|Legacy"))
    let killed = await binary.run(selection, mutant: 3, timeout: .seconds(30))
    #expect(killed.verdict == .failed)
    #expect(killed.failing == ["\"adds one\""])
    let survived = await binary.run(selection, mutant: 1, timeout: .seconds(30))
    #expect(survived.verdict == .passed)

    let calls = try String(
      contentsOf: folder.appendingPathComponent("arguments.log"), encoding: .utf8
    )
    .split(separator: "\n").map(String.init)
    let place = "--package-path \(package.path) --scratch-path \(scratch.path)"
    #expect(
      calls.suffix(2) == [
        "test --skip-build \(place) --disable-swift-testing --filter ^AppTests\\.Legacy/testReset$",
        "test --skip-build \(place) --disable-xctest --filter ^AppTests\\.`The counter`/`adds one`\\(\\)",
      ])
  }

  @Test func aTestProgramThatWasNotBuiltIsRefusedSayingSo() throws {
    let folder = FileManager.default.temporaryDirectory
    #expect {
      try TestBinary(
        path: folder.appendingPathComponent("Missing-\(UUID().uuidString).xctest"),
        folder: folder, package: folder, scratch: folder)
    } throws: { error in
      "\(error)".contains("was not built")
    }
  }
}
