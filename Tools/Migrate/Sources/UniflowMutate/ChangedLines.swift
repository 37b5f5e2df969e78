import Foundation

/// The lines changed since a revision, from `git diff`: `--since REV` mutates only those.
struct ChangedLines {
  /// Changed lines (1-based, as they are now) by file, relative to the package's folder.
  let lines: [String: Set<Int>]

  init(revision: String, package: URL) throws(MutateError) {
    guard !revision.hasPrefix("-") else {
      throw .usage("--since takes a revision (a commit, a branch, a tag), not \(revision)")
    }
    let result = Shell.run(
      "git", ["diff", "--unified=0", "--no-color", "--relative", revision, "--", "."], in: package)
    guard result.status == 0 else {
      throw .toolFailed(command: "git diff \(revision)", output: result.output)
    }
    lines = Self.parse(result.output)
  }

  init(lines: [String: Set<Int>]) { self.lines = lines }

  /// Reads a unified diff with no context: `+++ b/path` then `@@ -a,b +c,d @@` hunks.
  static func parse(_ diff: String) -> [String: Set<Int>] {
    var lines: [String: Set<Int>] = [:]
    var file: String?
    for line in diff.split(separator: "\n") {
      if line.hasPrefix("+++ ") {
        let path = line.dropFirst(4)
        file = path.hasPrefix("b/") ? String(path.dropFirst(2)) : nil
      } else if line.hasPrefix("@@"), let file {
        let parts = line.split(separator: " ")
        guard parts.count >= 3, parts[2].hasPrefix("+") else { continue }
        let numbers = parts[2].dropFirst().split(separator: ",")
        guard let start = Int(numbers[0]) else { continue }
        let count = numbers.count > 1 ? Int(numbers[1]) ?? 1 : 1
        if count > 0 { lines[file, default: []].formUnion(start..<(start + count)) }
      }
    }
    return lines
  }

  /// Whether the mutant's code is on a changed line.
  func touches(_ mutant: Mutant) -> Bool {
    guard let changed = lines[mutant.file] else { return false }
    return (mutant.start.line...mutant.end.line).contains { changed.contains($0) }
  }
}
