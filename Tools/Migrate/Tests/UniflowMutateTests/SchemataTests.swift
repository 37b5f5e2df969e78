import Foundation
import Testing

@testable import UniflowMutate

/// Every mutant of a file in one text, each behind its switch; or one alone.
@Suite struct SchemataTests {
  func sites(_ source: String) -> [MutationSite] {
    SiteFinder.sites(in: source, file: "A.swift").enumerated().map { index, site in
      var site = site
      site.mutant.id = index + 1
      return site
    }
  }

  @Test func anExpressionKeepsItsOriginalWhenItsSwitchIsOff() {
    let source = "let a = b < c\n"
    let output = Schemata(source: source).writing(sites(source))
    #expect(output.text == "let a = (__UniflowMutant.isOn(1) ? (b <= c) : (b < c))\n")
    #expect(output.lines[1] == 1...1)
  }

  @Test func aMutantInsideAnotherIsWrittenInItsOriginalSide() {
    let source = "let a = b < c && d\n"
    let text = Schemata(source: source).writing(sites(source)).text
    #expect(
      text
        == "let a = (__UniflowMutant.isOn(2) ? (b < c || d) : ((__UniflowMutant.isOn(1) ? (b <= c) : (b < c)) && d))\n"
    )
  }

  @Test func aStatementIsGuardedAndAnInsertionKeepsEveryLineWhereItWas() {
    let source = """
      func reduce(state: inout State, mutation: Mutation) {
        switch mutation {
        case .set(let value):
          state.count = value
        }
      }

      """
    let output = Schemata(source: source).writing(sites(source))
    #expect(
      output.text.contains(
        "if __UniflowMutant.isOn(2) { break }; if !__UniflowMutant.isOn(1) { state.count = value }")
    )
    #expect(output.text.split(separator: "\n").count == source.split(separator: "\n").count)
  }

  @Test func aMutantAloneIsWrittenAsIfByHand() throws {
    let source = "let a = b < c\nfunc f() { go(); stop() }\n"
    let all = sites(source)
    #expect(
      Schemata(source: source).writingAlone(all[0]) == "let a = b <= c\nfunc f() { go(); stop() }\n"
    )
    let removal = try #require(all.first { $0.mutant.mutationOperator == .removedCall })
    #expect(
      Schemata(source: source).writingAlone(removal)
        == "let a = b < c\nfunc f() { if !true { go() }; stop() }\n")
  }

  @Test func removeDuplicatesKeepsItsTypeAndLetsEverythingThroughWhenOn() {
    let source = "let a = text.removeDuplicates()\n"
    let text = Schemata(source: source).writing(sites(source)).text
    #expect(
      text == "let a = text.removeDuplicates(by: { __UniflowMutant.isOn(1) ? false : $0 == $1 })\n")
  }

  @Test(arguments: [
    ["-swift-version", "6"], ["-swift-version", "6", "-default-isolation", "MainActor"],
    ["-swift-version", "5"],
  ])
  func theSwitchBuildsInEveryKindOfModuleAndAnswersFromAnyIsolation(flags: [String]) throws {
    // A plain module, one whose code defaults to the main actor (a new Xcode app target),
    // and a Swift 5 one: each asks the switch from an actor, a nonisolated function, an
    // inlinable function and a main-actor stored property's default.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("switch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let uses = """
      nonisolated func plain() -> Bool { __UniflowMutant.isOn(1) }
      actor Counter { func step() -> Bool { __UniflowMutant.isOn(2) } }
      @inlinable public func inlined() -> Bool { __UniflowMutant.isOn(3) }
      @MainActor final class Screen { var flag = (__UniflowMutant.isOn(4) ? (true) : (false)) }
      """
    try Data(MutantSwitch.source.utf8).write(to: folder.appendingPathComponent("Switch.swift"))
    try Data(uses.utf8).write(to: folder.appendingPathComponent("Uses.swift"))
    let result = Shell.run(
      "swiftc",
      ["-parse-as-library", "-typecheck", "-module-name", "App"] + flags + [
        "Switch.swift", "Uses.swift",
      ],
      in: folder)
    #expect(result.status == 0, "\(result.output)")
  }

  @Test func theSwitchFileImportsNothing() {
    #expect(!MutantSwitch.source.contains("import "))
    #expect(MutantSwitch.source.contains("\"UNIFLOW_MUTANT\""))
  }
}
