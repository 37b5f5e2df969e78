import Testing

@testable import UniflowMigrate

/// What the whole run does around the passes: files left alone, input refused, dead
/// branches dropped (`Migrator`).
@Suite struct MigratorTests {
  @Test func aFileWithNoRxIsLeftExactlyAsItIs() throws {
    // Combine code whose names an Rx rule would take: a subscriber, a throwing map.
    let source = """
      import Combine
      import XCTest

      final class ATests: XCTestCase {
        func testIt() throws {
          source.subscribe(observer)
          let data = try value.map { try encode($0) }
          XCTAssertEqual(data, expected)
        }
      }

      """
    #expect(try Migrator.migrate(source, path: "A.swift").text == source)
  }

  @Test func bracketsNestedDeeperThanAnyoneWritesAreRefusedBeforeParsing() throws {
    let hostile = "import RxSwift\nlet x = a.di" + String(repeating: "[", count: 90) + "sposed\n"
    #expect(throws: MigrateError.nestedTooDeeply(path: "Deep.swift", line: 2, depth: 90, limit: 12))
    {
      try Migrator.migrate(hostile, path: "Deep.swift")
    }
    // Brackets in comments and strings are not code; twelve levels of code are parsed.
    let fine = """
      import RxSwift
      // [[[[[[[[[[[[[[[[[[[[
      let text = "[[[[[[[[[[[[[[[[[[[[[ \\" [[[["
      let block = \"\"\"
        [[[[[[[[[[[[[[[[[[[[[
        \"\"\"
      /* [[[[[[[[[[[[[[[[[[[[ /* [[[[[[[[[[[[ */ [[[[[[[[[[[[[[ */
      let grid = [[[[[[[[[[[[1]]]]]]]]]]]]

      """
    #expect(Nesting.deepest(in: fine).depth == 12)
    #expect(try Migrator.migrate(fine, path: "Fine.swift").text.contains("let grid"))
  }

  @Test func deadBranchesForOldCompilersGo() throws {
    let source = """
      struct A {
        #if swift(>=5.1)
          var x: Int { 1 }
        #else
          var x: Int { return 1 }
        #endif
      }
      #if !swift(>=5.0)
        let old = true
      #endif
      #if swift(>=6.2)
        let kept = true
      #endif
      #if os(iOS)
        let ios = true
      #endif

      """
    let text = try migrated(source)
    #expect(text.contains("  var x: Int { 1 }"))
    #expect(!text.contains("return 1"))
    #expect(!text.contains("old"))
    #expect(text.contains("#if swift(>=6.2)"), "a check newer than Swift 6.0 is not settled")
    #expect(text.contains("#if os(iOS)"))
  }
}
