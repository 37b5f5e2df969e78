import Foundation
import SwiftParser
import SwiftSyntax
import Testing
import UniflowMigrate

@testable import UniflowMutate

/// Every mutant of real screens, written both ways, is still Swift that parses: the
/// examples' screens and the library's navigation, read from this checkout.
@Suite struct MutantPlanTests {
  static let checkout = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func swiftFiles(under folder: String) -> [URL] {
    let root = checkout.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    else { return [] }
    return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
  }

  @Test func everyMutantOfTheExamplesScreensAndTheFlowsCodeParsesBothWays() throws {
    let files =
      Self.swiftFiles(under: "Examples/Sources/TodoCore")
      + Self.swiftFiles(under: "Examples/Sources/ProductsCore")
      + Self.swiftFiles(under: "Examples/Sources/GitHubSearchCore")
      + Self.swiftFiles(under: "Examples/Sources/SignInCore")
      + Self.swiftFiles(under: "Sources/Uniflow/Navigation")
    #expect(files.count > 40)
    var mutants = 0
    for file in files {
      let source = try String(contentsOf: file, encoding: .utf8)
      let parsed = Parser.parseIncrementally(source: source, parseTransition: nil)
      guard !parsed.tree.hasError else { continue }
      let plan = try MutantPlan(source: source, file: file.lastPathComponent)
      mutants += plan.count
      #expect(!Parser.parse(source: plan.schemata).hasError, "\(file.path) with its switches")
      for (index, alone) in plan.alone.enumerated() {
        let tree = Self.parse(alone, reusing: parsed, of: source)
        #expect(!tree.hasError, "\(file.path), mutant \(index + 1) alone")
        #expect(tree.description == alone, "\(file.path), mutant \(index + 1) as its tree")
        // The incremental parse answers as a whole parse would: checked on a sample.
        if index % 16 == 0 {
          #expect(Parser.parse(source: alone).hasError == tree.hasError)
        }
      }
      let calls = plan.schemata.components(separatedBy: "__UniflowMutant.isOn(").count - 1
      #expect(calls == plan.written, "\(file.path): every written mutant asks its switch once")
    }
    #expect(mutants > 500)
  }

  /// Parses `edited`, a mutant of `source`, reusing what did not change of `parsed`, the
  /// parse of `source`: a mutant differs from its file in one place, so the rest of the file
  /// is not parsed again (in a debug build, whole parses of every mutant took half a minute).
  static func parse(
    _ edited: String, reusing parsed: IncrementalParseResult, of source: String
  ) -> SourceFileSyntax {
    let old = Array(source.utf8)
    let new = Array(edited.utf8)
    let (head, tail) = Diff.commonEnds(old, new)
    let changed =
      AbsolutePosition(utf8Offset: head)..<AbsolutePosition(utf8Offset: old.count - tail)
    let edit = SourceEdit(range: changed, replacement: Array(new[head..<(new.count - tail)]))
    let transition = IncrementalParseTransition(
      previousIncrementalParseResult: parsed, edits: ConcurrentEdits(edit))
    return Parser.parseIncrementally(source: edited, parseTransition: transition).tree
  }

  @Test func aFileNestedTooDeepIsRefusedBeforeItIsParsed() {
    let deep = "let grid = " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
    #expect(throws: MutateError.nestedTooDeeply(place: "Grid.swift:1", depth: 40, limit: 12)) {
      try MutantPlan(source: deep, file: "Grid.swift")
    }
  }

  @Test func aLongChainIsSearchedAndATreeDeeperThanTheLimitRefused() throws {
    // A chain of 500 calls nests 1,000 levels: on the test's own thread the search overflowed
    // its stack. (The search takes time that grows faster than the chain: not yet linear.)
    let chain = "let x = values" + String(repeating: ".filter { $0 > 1 }", count: 500) + "\n"
    let sites = try SiteFinder.checkedSites(in: chain, file: "Chain.swift")
    #expect(sites.count >= 500)
    let deep = "let x = a" + String(repeating: ".b", count: 10_500) + "\n"
    do {
      _ = try MutantPlan(source: deep, file: "Deep.swift")
      Issue.record("a tree 10,500 levels deep was searched")
    } catch {
      guard case .treeTooDeep(let place, let depth, let limit) = error else {
        Issue.record("refused as \(error), not as too deep")
        return
      }
      #expect(place == "Deep.swift:1" && depth > limit && limit == 10_000)
    }
  }
}
