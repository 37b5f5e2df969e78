/// The mutants `uniflow mutate` would make in one file's text, written as the shared
/// build writes them and one by one, without a package or a build: what the fuzz target
/// (Fuzz/Sources/FuzzMutate) checks over any Swift source.
///
/// ```swift
/// let plan = MutantPlan(source: "let a = b < c\n", file: "A.swift")
/// plan.count       // 1
/// plan.schemata    // "let a = (__UniflowMutant.isOn(1) ? (b <= c) : (b < c))\n"
/// ```
public struct MutantPlan: Sendable {
  /// How many mutants the file has.
  public let count: Int
  /// The file with every mutant behind its switch.
  public let schemata: String
  /// The number of mutants the shared text holds (the rest are inside another's fixed text).
  public let written: Int
  /// The file with each mutant alone, in the order of their numbers.
  public let alone: [String]

  /// Finds the file's mutants; a file nested too deep to parse quickly is refused.
  public init(source: String, file: String) throws(MutateError) {
    let sites = try SiteFinder.checkedSites(in: source, file: file).enumerated().map {
      index, site in
      var numbered = site
      numbered.mutant.id = index + 1
      return numbered
    }
    let writer = Schemata(source: source)
    let output = writer.writing(sites)
    count = sites.count
    schemata = output.text
    written = output.lines.count
    alone = sites.map(writer.writingAlone)
  }
}
