import Testing

@testable import UniflowMigrate

/// XCTest cases as Swift Testing suites (`XCTestPass`).
@Suite struct XCTestRewriteTests {
  @Test(arguments: [
    ("XCTAssertEqual(a, b)", "#expect(a == b)"),
    ("XCTAssertEqual(a + 1, b, \"sum\")", "#expect((a + 1) == b, \"sum\")"),
    ("XCTAssertNotEqual(a, b)", "#expect(a != b)"),
    ("XCTAssertTrue(ok)", "#expect(ok)"),
    ("XCTAssertFalse(a == b)", "#expect(!(a == b))"),
    ("XCTAssertNil(user)", "#expect(user == nil)"),
    ("XCTAssertNotNil(user)", "#expect(user != nil)"),
    ("XCTAssertGreaterThan(a, 1)", "#expect(a > 1)"),
    ("XCTAssertEqual(a, 1.0, accuracy: 0.1)", "#expect(abs(a - 1.0) <= 0.1)"),
    ("XCTFail(\"no\")", "Issue.record(\"no\")"),
    ("let user = try XCTUnwrap(found)", "let user = try #require(found)"),
  ])
  func anAssertion(xctest: String, testing: String) throws {
    let source =
      "import XCTest\n\nfinal class ATests: XCTestCase {\n  func testIt() throws {\n    \(xctest)\n  }\n}\n"
    let expected =
      "import Testing\nimport Foundation\n\n@MainActor final class ATests {\n  @Test func it() throws {\n    \(testing)\n  }\n}\n"
    #expect(try migrated(source) == expected)
  }

  @Test func setUpBecomesInitAndTearDownIsNoted() throws {
    let source = """
      import XCTest

      class ATests: XCTestCase {
        var count: Int!

        override func setUp() {
          super.setUp()
          count = 1
        }

        override func tearDown() {
          count = nil
          super.tearDown()
        }

        func test_counts() {
          XCTAssertEqual(count, 1)
        }
      }

      """
    let text = try migrated(source)
    #expect(text.contains("@MainActor final class ATests {"))
    #expect(text.contains("  init() {\n    count = 1\n  }"))
    #expect(text.contains("// uniflow-migrate: tearDown:"))
    #expect(text.contains("  func tearDown() {\n    count = nil\n  }"))
    #expect(text.contains("@Test func test_counts()"))
  }

  @Test func aTestThatWaitsStaysInXCTestWithANote() throws {
    let source = """
      import XCTest

      final class ATests: XCTestCase {
        func testWaits() {
          let done = expectation(description: "done")
          done.fulfill()
          wait(for: [done], timeout: 1)
        }
      }

      """
    let text = try migrated(source)
    #expect(text.contains("import XCTest"))
    #expect(text.contains("final class ATests: XCTestCase"))
    #expect(text.contains("// uniflow-migrate: a test that waits in real time"))
  }

  @Test func aFileWithNoXCTestCaseKeepsXCTestAndNamingASpecTakesNothingAlong() throws {
    let run = try Migrator.migrate(together: [
      (
        "Spec.swift",
        """
        import Quick
        import RxSwift
        import XCTest
        final class LoginSpec: QuickSpec {
          override func spec() {}
        }

        """
      ),
      ("main.swift", "import Quick\nimport XCTest\n\nXCTMain([testCase(LoginSpec.allTests)])\n"),
    ])
    #expect(run.results[0].text.contains("import XCTest"))
    #expect(!run.results[0].text.contains("import Testing"))
    #expect(
      run.results[1].text
        == "import Quick\nimport XCTest\n\nXCTMain([testCase(LoginSpec.allTests)])\n")
    #expect(run.testsAlongside.isEmpty)
  }
}
