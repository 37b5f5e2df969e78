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
