import SwiftSyntax
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

  /// A chain of `count` operators on `values`, one a line, eight kinds in turn.
  static func chain(of count: Int) -> String {
    let operators = [
      ".map { $0 + 1 }", ".filter { $0 > 0 }", ".distinctUntilChanged()", ".skip(1)",
      ".take(5)", ".observeOn(MainScheduler.instance)", ".startWith(0)", ".debug()",
    ]
    let links = (0..<count).map { "\n    " + operators[$0 % operators.count] }.joined()
    return "import RxSwift\n\nfunc make(values: Observable<Int>) -> Observable<Int> {\n"
      + "  return values\(links)\n}\n"
  }

  @Test func theTextIsParsedOnceAndThenOnceForEachPassThatChangedIt() throws {
    // No Rx: parsed for the survey, and no pass runs.
    #expect(try Migrator.counted("let answer = 42\n", path: "Plain.swift").parses == 1)
    // Only the imports change (the structure pass): the survey's tree, then that pass's
    // output. The final check reads the last tree rather than parsing the text again.
    let imports = try Migrator.counted("import RxSwift\n\nlet answer = 42\n", path: "A.swift")
    #expect(imports.result.text == "import Uniflow\n\nlet answer = 42\n")
    #expect(imports.parses == 2)
    // The imports and an operator (the structure pass and the Rx pass).
    let operators = try Migrator.counted(
      "import RxSwift\n\nlet two = Observable.just(1).map { $0 + 1 }\n", path: "B.swift")
    #expect(operators.result.text.contains("Just(1)"))
    #expect(operators.parses == 3)
  }

  @Test func aChainOfSixteenHundredOperatorsIsRewrittenWhole() throws {
    // A link is a level of the tree: on the test's own stack, 1,600 of them overflowed it.
    let text = try Migrator.migrate(Self.chain(of: 1_600), path: "Chain.swift").text
    let lines = text.split(separator: "\n")
    #expect(lines.filter { $0.contains(".dropFirst(1)") }.count == 200)
    #expect(lines.filter { $0.contains(".receive(on: MainScheduler.instance)") }.count == 200)
    #expect(lines.filter { $0.contains(".prepend(0)") }.count == 200)
    #expect(!text.contains(".skip(") && !text.contains(".observeOn("))
  }

  @Test func aMergeOfAThousandSourcesIsRewrittenWithEverySourceErased() throws {
    // Each argument is changed detached from its list: changed in place, each change rebuilt
    // the list around it (3,000 sources took 3.1 s in release, 0.8 s now; Benchmarks/README).
    let sources = (0..<1_000).map { "a\($0).asObservable()" }.joined(separator: ", ")
    let source = "import RxSwift\n\nlet merged = Observable.merge(\(sources))\n"
    let text = try Migrator.migrate(source, path: "Merge.swift").text
    let erased = (0..<1_000).map { "a\($0).eraseToAnyPublisher()" }.joined(separator: ", ")
    #expect(text.contains("Publishers.MergeMany(\(erased))"))
  }

  @Test func aLinkRewrittenOnItsBaseKeepsItsTriviaWithoutReadingDownTheChain() throws {
    // A link and its rewrite begin with one node, the base: their leading trivia is the
    // base's, and is not read (on a chain that walks down every link before it).
    let link = try #require(expression("values\n    .skip(1)").as(FunctionCallExprSyntax.self))
      .with(\.leadingTrivia, .newline)
    let base = try #require(link.memberBase)
    let rewritten = expression("\(baseStandIn)\n    .dropFirst(1)", on: base)
    #expect(link.beginsWithTheSameNode(as: rewritten))
    #expect(link.replaced(by: rewritten).description == "\nvalues\n    .dropFirst(1)")
    // The same text parsed twice is two trees: their trivia is read, and set.
    let other = expression("values\n    .dropFirst(1)")
    #expect(!link.beginsWithTheSameNode(as: other))
    #expect(link.replaced(by: other).description == "\nvalues\n    .dropFirst(1)")
    // A base that does not open the text takes the stand-in's trivia there.
    let wrapped = expression("Wrapped(\(baseStandIn))", on: ExprSyntax(link))
    #expect(wrapped.description == "Wrapped(values\n    .skip(1))")
    #expect(!link.beginsWithTheSameNode(as: wrapped))
  }

  @Test func aTreeDeeperThanMigrateVisitsIsRefusedBeforeAnyPassVisitsIt() throws {
    // A member chain is parsed in a loop, a level a link, whatever the parser's own limit.
    let hostile = "import RxSwift\nlet x = a" + String(repeating: ".b", count: 10_500) + "\n"
    do {
      _ = try Migrator.migrate(hostile, path: "Deep.swift")
      Issue.record("a tree 10,500 levels deep was rewritten")
    } catch {
      guard case .treeTooDeep(let path, let line, let depth, let limit) = error else {
        Issue.record("refused as \(error), not as too deep")
        return
      }
      #expect(path == "Deep.swift" && line == 2 && depth > limit && limit == TreeDepth.limit)
      #expect("\(error)".contains("migrate rewrites up to 10000 levels"))
    }
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
