import Foundation
import Testing

@testable import UniflowSessions

/// `uniflow test-from-recording`: what it refuses before it builds anything, and the
/// writer package it makes from the app's manifest. (scripts/check-recording-loop.sh runs
/// the whole command on a real recording.)
@Suite final class TestFromRecordingTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("uniflow-recording-\(UUID().uuidString)")

  /// Each test gets a new instance, and its folder goes with it.
  deinit { try? FileManager.default.removeItem(at: folder) }

  init() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  private func file(_ name: String, _ text: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  private let header =
    #"{"kind":"header","schema":1,"instance":1,"reactor":"TodoCore.TaskListViewReactor","library":"0.1.0","state":{}}"#

  @Test func anExistingOutputIsRefusedBeforeAnythingIsBuiltAndKept() throws {
    let session = try file("session.jsonl", header + "\n")
    let output = try file("Existing.swift", "// mine\n")
    let result = try CommandTests().run(["test-from-recording", session, "--output", output])
    #expect(result.status == 1)
    #expect(result.error.contains("use --force to overwrite"))
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "// mine\n")
  }

  @Test func aFileThatIsNotASessionIsSaidWithItsLine() throws {
    let output = folder.appendingPathComponent("Out.swift").path
    let cases: [(String, String)] = [
      (try file("text.jsonl", "hello\n"), "line 1: not a session file"),
      (try file("action.jsonl", #"{"kind":"action","instance":1}"# + "\n"), "not a session file"),
      (try file("empty.jsonl", ""), "not a session file"),
      (folder.path, "it is a folder"),
      (folder.appendingPathComponent("missing.jsonl").path, "no such file"),
    ]
    for (session, message) in cases {
      for reactor in [[], ["--reactor", "App.ListReactor"]] {
        let result = try CommandTests().run(
          ["test-from-recording", session, "--output", output] + reactor)
        #expect(result.status == 1, "\(session)")
        #expect(result.error.contains(message), "\(session): \(result.error)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func aRefusedNameIsShownWithTheEscapesOfEveryOtherMessage() {
    // A right-to-left override would reorder the rest of the line in a terminal.
    let message = RecordingTestError.badReactorName("App.\u{202E}rotcaeR").description
    #expect(!message.unicodeScalars.contains { $0.value == 0x202E })
    #expect(message.contains(#"App.\u{202E}rotcaeR"#))
    let control = RecordingTestError.badModuleName("Foo\u{1B}[2J").description
    #expect(!control.unicodeScalars.contains { $0.value == 0x1B })
    #expect(control.contains(#"Foo\u{1B}[2J"#))
  }

  @Test func aReactorNameThatIsNotATypeNameIsRefusedAndNotEchoedRaw() throws {
    // The name goes into the writer's source: anything but Module.Type is refused.
    let hostile = #"{"kind":"header","instance":1,"reactor":"A.B>()\n\u001b[2Jexit(1)//"}"#
    let session = try file("hostile.jsonl", hostile + "\n")
    let result = try CommandTests().run([
      "test-from-recording", session, "--output", folder.appendingPathComponent("T.swift").path,
    ])
    #expect(result.status == 1)
    #expect(result.error.contains("is not a reactor type name"))
    #expect(!result.error.contains("\u{1B}"))
    for name in ["Reactor", "A..B", "1A.B", "A.B<Int>", "A.B c"] {
      #expect(throws: RecordingTestError.badReactorName(name)) {
        try RecordingTest.checkReactorName(name)
      }
    }
    #expect(throws: Never.self) { try RecordingTest.checkReactorName("App.Screen.Reactor") }
    let badImport = try CommandTests().run([
      "test-from-recording", session, "--output", "T.swift", "--import", "Foo;exit",
    ])
    #expect(badImport.status == 64)
    #expect(badImport.error.contains("is not a module name"))
  }

  @Test func theWriterPackageReachesUniflowAsTheAppDoes() throws {
    let manifest = """
      {"name": "Shop",
       "platforms": [{"platformName": "macos", "version": "14.0", "options": []}],
       "products": [{"name": "ShopCore", "targets": ["Cart", "Pay"], "type": {"library": ["automatic"]}},
                    {"name": "shop", "targets": ["CLI"], "type": {"executable": null}}],
       "targets": [{"name": "Cart", "dependencies": [{"product": ["Uniflow", "uniflow", null, null]}]}],
       "dependencies": [
         {"sourceControl": [{"identity": "grdb.swift", "location": {"remote": [{"urlString": "https://github.com/groue/GRDB.swift"}]}, "requirement": {"range": [{"lowerBound": "7.0.0", "upperBound": "8.0.0"}]}}]},
         {"sourceControl": [{"identity": "uniflow", "location": {"remote": [{"urlString": "https://github.com/example/uniflow"}]}, "requirement": {"exact": ["0.1.0"]}}]}]}
      """
    let package = try RecordingTest.writerPackage(
      reactorType: "Cart.CartReactor", packageFolder: URL(fileURLWithPath: "/apps/Shop"),
      dumpedManifest: Data(manifest.utf8))
    #expect(package.manifest.contains(#"platforms: [.macOS("14.0")],"#))
    #expect(package.manifest.contains(#".package(path: "/apps/Shop"),"#))
    #expect(
      package.manifest.contains(
        #".package(url: "https://github.com/example/uniflow", exact: "0.1.0"),"#))
    #expect(package.manifest.contains(#".product(name: "ShopCore", package: "shop"),"#))
    #expect(package.manifest.contains(#".product(name: "UniflowTesting", package: "uniflow"),"#))
    #expect(package.main.hasPrefix("import Foundation\nimport UniflowTesting\nimport Cart\n"))
    #expect(package.main.contains("var writer = SessionTestWriter<Cart.CartReactor>("))

    #expect(throws: RecordingTestError.noLibraryProduct(module: "CLI", package: "Shop")) {
      try RecordingTest.writerPackage(
        reactorType: "CLI.Reactor", packageFolder: URL(fileURLWithPath: "/apps/Shop"),
        dumpedManifest: Data(manifest.utf8))
    }
    let noUniflow = manifest.replacingOccurrences(
      of: #""product": ["Uniflow""#, with: #""product": ["GRDB""#)
    #expect(throws: RecordingTestError.noUniflowDependency(package: "Shop")) {
      try RecordingTest.writerPackage(
        reactorType: "Cart.CartReactor", packageFolder: URL(fileURLWithPath: "/apps/Shop"),
        dumpedManifest: Data(noUniflow.utf8))
    }
  }
}
