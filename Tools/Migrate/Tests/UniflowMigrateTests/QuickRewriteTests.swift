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

  /// A spec whose examples are defined in helpers, in an extension in another file.
  let specWithHelpers = """
    import Quick
    import Nimble
    import RxBlocking
    import RxSwift

    final class SignInReactorSpec: QuickSpec {
      override func spec() {
        testValidations()
      }
    }

    """
  let helpers = """
    import Quick
    import Nimble
    import RxBlocking
    import RxSwift

    extension SignInReactorSpec {
      func testValidations() {
        describe("the e-mail") {
          it("is checked") {
            let reactor = SignInReactor()
            reactor.action.onNext(.email("a@b"))
            let states = try? reactor.state.skip(1).take(2).toBlocking(timeout: 5).toArray()
            expect(states?.count) == 2
          }
        }
      }

      func makeReactor() -> SignInReactor { SignInReactor() }
    }

    """

  @Test func helpersInAnExtensionOfASpecInAnotherFileAreRewrittenAsTheSpecsOwn() throws {
    let run = try Migrator.migrate(together: [
      (path: "SignInReactorSpec.swift", text: specWithHelpers),
      (path: "SignInReactorSpec+Validations.swift", text: helpers),
    ])
    #expect(run.results[0].text.contains("override class func spec() {"))
    let text = run.results[1].text
    // S2: static, as `spec()` is a class method now; one that defines examples stays off
    // the main actor, one the examples call is on it.
    #expect(text.contains("  static func testValidations() {"))
    #expect(text.contains("  @MainActor static func makeReactor() -> SignInReactor"))
    // S3: the example runs on the main actor.
    #expect(text.contains("it(\"is checked\") { @MainActor in"))
    // R2: the blocking read awaits, so the main actor can run what it waits for.
    #expect(
      text.contains(
        "let states = try? await reactor.state.dropFirst(1).prefix(2).awaitValues(timeout: 5)"))
    #expect(!text.contains("toBlocking"))
  }

  @Test func anExtensionOfAClassThatIsNoSpecIsLeftAsItIs() throws {
    let source = """
      import Quick
      import RxSwift

      final class Helper {}

      extension Helper {
        func make() -> Int { 1 }
      }

      """
    let text = try Migrator.migrate(source, path: "Helper.swift").text
    #expect(text.contains("  func make() -> Int { 1 }"))
  }
}
