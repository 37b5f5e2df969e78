import Foundation

/// The lines a `// uniflow-mutate: ignore <reason>` comment keeps out of a run: the line
/// it ends, or the line after it when it stands on a line of its own. Equivalent mutants
/// (a change no test could notice) are marked so, with the reason the report shows.
struct IgnoreComments {
  static let marker = "uniflow-mutate: ignore"

  /// The reason for each ignored line, by 1-based line number.
  let reasons: [Int: String]

  /// Reads the comments of a file; a comment with no reason is refused, naming its line.
  init(source: String, file: String) throws(MutateError) {
    var reasons: [Int: String] = [:]
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      guard let range = line.range(of: "// " + Self.marker) ?? line.range(of: "//" + Self.marker)
      else { continue }
      let reason = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
      guard !reason.isEmpty else {
        throw .ignoredWithoutReason(place: "\(file):\(index + 1)")
      }
      let standsAlone = line[..<range.lowerBound].allSatisfy(\.isWhitespace)
      reasons[standsAlone ? index + 2 : index + 1] = reason
    }
    self.reasons = reasons
  }

  /// Why the mutant is ignored, if it is: a comment on any line it spans.
  func reason(for mutant: Mutant) -> String? {
    (mutant.start.line...mutant.end.line).lazy.compactMap { reasons[$0] }.first
  }
}
