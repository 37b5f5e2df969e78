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

  @Test func theSwitchFileImportsNothing() {
    #expect(!MutantSwitch.source.contains("import "))
    #expect(MutantSwitch.source.contains("\"UNIFLOW_MUTANT\""))
  }
}
