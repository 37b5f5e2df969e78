import Testing

@testable import UniflowMigrate

/// What a Quick spec needs beyond its rewrite: a stub that Stubber reset between examples,
/// and a runner on Linux, where `swift test` makes none of its examples.
@Suite struct QuickRewriteTests {
  /// A spec whose stub is made once, in `spec()`, and registered in an example.
  func spec(makingTheStub making: String) -> String {
    """
    import Quick
    import Nimble
    import RxSwift
    import Stubber

    final class ProfileSpec: QuickSpec {
      override func spec() {
        \(making)
        beforeEach {
          Stubber.clear()
        }
        it("loads once") {
          Stubber.register(service.user) { _ in .just(User(id: 1)) }
          expect(Stubber.executions(service.user).count) == 0
        }
      }
    }

    """
  }

  @Test func aStubMadeOnceForSeveralExamplesGetsANoteWhereStubberClearGoes() throws {
    let result = try Migrator.migrate(
      spec(makingTheStub: "let service = StubUserService()"), path: "ProfileSpec.swift")
    #expect(!result.text.contains("Stubber.clear()\n"))
    #expect(result.text.contains("beforeEach { @MainActor in\n    }"))
    #expect(result.notes.map(\.kind) == [.stubberClear])
    // The note is above the hook that cleared the stubs.
    let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false)
    let note = try #require(result.notes.first)
    #expect(lines[note.line - 1].contains("Stubber.clear() in a spec that makes a stub once"))
    #expect(lines[note.line].contains("beforeEach"))
  }

  @Test func aStubMadeAgainInABeforeEachNeedsNoNote() throws {
    let source = spec(makingTheStub: "var service: StubUserService!")
      .replacingOccurrences(
        of: "  Stubber.clear()\n", with: "  Stubber.clear()\n      service = StubUserService()\n")
    let result = try Migrator.migrate(source, path: "ProfileSpec.swift")
    #expect(result.text.contains("service = StubUserService()"))
    #expect(!result.text.contains("Stubber.clear()"))
    #expect(result.notes.isEmpty)
  }

  @Test func anXCTestCaseClearingItsStubsNeedsNoNote() throws {
    // Each test of an XCTestCase has an instance of its own, and its stubs with it.
    let source = """
      import RxSwift
      import Stubber
      import XCTest

      final class ProfileTests: XCTestCase {
        let service = StubUserService()
        override func setUp() {
          super.setUp()
          Stubber.clear()
        }
        func testLoad() {
          Stubber.register(service.user) { _ in .just(User(id: 1)) }
          XCTAssertEqual(Stubber.executions(service.user).count, 0)
        }
      }

      """
    let result = try Migrator.migrate(source, path: "ProfileTests.swift")
    #expect(!result.text.contains("Stubber.clear()"))
    #expect(result.notes.isEmpty)
  }

  @Test func aRunWithSpecsNoRunnerNamesEndsWithTheRunnerToWrite() throws {
    let specs = [
      "import Quick\nfinal class ProfileSpec: AsyncSpec {}\n",
      "import Quick\nclass SearchSpec: QuickSpec {}\nclass Helper {}\n",
    ]
    let line = MigrateCommand.quickSpecsLinuxCannotRun(in: specs)
    #expect(line.contains("`swift test` makes none of their examples there"))
    #expect(
      line.contains("XCTMain([testCase(ProfileSpec.allTests), testCase(SearchSpec.allTests)])"))
    #expect(line.contains("(Migrating with uniflow migrate, Quick on Linux)"))
    // A runner that names one spec leaves only the other.
    let runner = "import XCTest\nXCTMain([testCase(ProfileSpec.allTests)])\n"
    let rest = MigrateCommand.quickSpecsLinuxCannotRun(in: specs + [runner])
    #expect(rest.contains("XCTMain([testCase(SearchSpec.allTests)])"))
    #expect(!rest.contains("ProfileSpec"))
    let both = "XCTMain([testCase(ProfileSpec.allTests), testCase(SearchSpec.allTests)])\n"
    #expect(MigrateCommand.quickSpecsLinuxCannotRun(in: specs + [both]).isEmpty)
    #expect(MigrateCommand.quickSpecsLinuxCannotRun(in: ["final class A: XCTestCase {}"]).isEmpty)
  }
}
