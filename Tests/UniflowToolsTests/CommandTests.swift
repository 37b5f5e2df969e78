import Foundation
import Testing

// The tools run other programs (`Process`), which only a desktop OS has; on iOS and the
// other device platforms, which build every target of the package, this is left out.
#if os(macOS) || os(Linux) || os(Windows)

  /// The built `uniflow` binary, run as a user would (`scripts/test.sh` builds it first).
  @Suite final class CommandTests {
    static let binary = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".build/debug/uniflow")

    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("uniflow-command-\(UUID().uuidString)")

    /// Each test gets a new instance, and its folder goes with it.
    deinit { try? FileManager.default.removeItem(at: folder) }

    func run(_ arguments: [String], in directory: URL? = nil) throws -> (
      status: Int32, output: String, error: String
    ) {
      let process = Process()
      process.executableURL = Self.binary
      process.arguments = arguments
      if let directory { process.currentDirectoryURL = directory }
      let output = Pipe()
      let error = Pipe()
      process.standardOutput = output
      process.standardError = error
      try process.run()
      let outputData = output.fileHandleForReading.readDataToEndOfFile()
      let errorData = error.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (
        process.terminationStatus, String(decoding: outputData, as: UTF8.self),
        String(decoding: errorData, as: UTF8.self)
      )
    }

    @Test func aBadNameOrKindIsUsageErrorAndWritesNothing() throws {
      for name in ["1abc", "my-screen", "struct", ""] {
        let result = try run([
          "new", name, "--kind", "stream", "--output", folder.path, "--module", "App",
        ])
        #expect(result.status == 64, "\(name)")
        #expect(result.error.contains("is not a usable screen name"), "\(name)")
      }
      let kind = try run([
        "new", "Search", "--kind", "widget", "--output", folder.path, "--module", "App",
      ])
      #expect(kind.status == 64)
      #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func inAPackageTheFilesGoToItsModuleAndTestsAndASecondRunIsRefused() throws {
      let package = folder.appendingPathComponent("Package")
      try FileManager.default.createDirectory(
        at: package.appendingPathComponent("Sources/Shop"), withIntermediateDirectories: true)
      let first = try run(["new", "Cart", "--kind", "reactor"], in: package)
      #expect(first.status == 0)
      #expect(
        FileManager.default.fileExists(
          atPath: package.appendingPathComponent("Sources/Shop/CartReactor.swift").path))
      let test = try String(
        contentsOf: package.appendingPathComponent("Tests/ShopTests/CartReactorTests.swift"),
        encoding: .utf8)
      #expect(test.contains("@testable import Shop"))

      let second = try run(["new", "Cart", "--kind", "reactor"], in: package)
      #expect(second.status == 1)
      #expect(second.error.contains("Sources/Shop/CartReactor.swift"))
      #expect(second.error.contains("Tests/ShopTests/CartReactorTests.swift"))
      #expect(try run(["new", "Cart", "--kind", "reactor", "--force"], in: package).status == 0)
    }

    @Test func anOutputFolderNamesTheModuleAndAPackagesSourcesFolderSendsTestsToTests() throws {
      let result = try run([
        "new", "Profile", "--kind", "reactor", "--output", folder.appendingPathComponent("x").path,
      ])
      #expect(result.status == 0)
      let test = try String(
        contentsOf: folder.appendingPathComponent("x/Tests/ProfileReactorTests.swift"),
        encoding: .utf8)
      #expect(test.contains("@testable import x"))

      let sources = folder.appendingPathComponent("Package/Sources/Shop")
      #expect(try run(["new", "Cart", "--kind", "stream", "--output", sources.path]).status == 0)
      #expect(
        FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("Package/Tests/ShopTests/CartViewStreamTests.swift")
            .path))

      let unnamed = try run([
        "new", "Cart", "--kind", "stream", "--output", folder.appendingPathComponent("my-out").path,
      ])
      #expect(unnamed.status == 64)
      #expect(unnamed.error.contains("--module"))
    }

    @Test func dryRunPrintsAndWritesNothing() throws {
      let result = try run(
        [
          "new", "Search", "--kind", "stream", "--output", folder.path, "--module", "App",
          "--dry-run",
        ])
      #expect(result.status == 0)
      #expect(result.output.contains("final class SearchViewStream: UnioStream<SearchViewStream>"))
      #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func anOutputThatCannotBeWrittenFailsWithStatusOne() throws {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let file = folder.appendingPathComponent("not-a-folder")
      try Data("x".utf8).write(to: file)
      let result = try run(
        ["new", "Search", "--kind", "stream", "--output", file.path, "--module", "App"])
      #expect(result.status == 1)
      #expect(result.error.contains("nothing was written"))
    }

    @Test func xcodeTemplatesAreWrittenAsFolders() throws {
      let result = try run(["xcode-templates", "--output", folder.path])
      #expect(result.status == 0)
      let stream = folder.appendingPathComponent("Uniflow Stream.xctemplate")
      #expect(
        FileManager.default.fileExists(
          atPath: stream.appendingPathComponent("TemplateInfo.plist").path))
      #expect(
        FileManager.default.fileExists(
          atPath: stream.appendingPathComponent("___FILEBASENAME___ViewStream.swift").path))
    }
  }

#endif
