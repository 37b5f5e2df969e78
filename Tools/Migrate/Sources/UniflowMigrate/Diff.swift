/// A unified diff of two texts by line, as `diff -u` prints it.
public enum Diff {
  /// The hunks that turn `old` into `new`, with three lines of context, under the names
  /// `a/path` and `b/path`; empty when the texts are the same.
  public static func unified(_ old: String, _ new: String, path: String) -> String {
    guard old != new else { return "" }
    let before = lines(old)
    let after = lines(new)
    let script = edits(before, after)
    let name = path.hasPrefix("/") ? String(path.dropFirst()) : path
    var output = "--- a/\(name)\n+++ b/\(name)\n"
    // Group the edits into hunks with up to 3 lines of context around each change.
    var index = 0
    while index < script.count {
      guard script[index].kind != .same else {
        index += 1
        continue
      }
      var start = index
      var context = 0
      while start > 0, script[start - 1].kind == .same, context < 3 {
        start -= 1
        context += 1
      }
      var end = index
      var quiet = 0
      while end < script.count {
        if script[end].kind == .same {
          quiet += 1
          if quiet > 6 { break }
        } else {
          quiet = 0
        }
        end += 1
      }
      // Keep at most 3 lines of trailing context.
      var trailing = 0
      while end > index, script[end - 1].kind == .same, trailing < quiet - 3 {
        end -= 1
        trailing += 1
      }
      let hunk = script[start..<end]
      let oldStart = (hunk.first { $0.kind != .added }?.oldLine ?? script[start].oldLine) + 1
      let newStart = (hunk.first { $0.kind != .removed }?.newLine ?? script[start].newLine) + 1
      let oldCount = hunk.filter { $0.kind != .added }.count
      let newCount = hunk.filter { $0.kind != .removed }.count
      output +=
        "@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@\n"
      for edit in hunk {
        switch edit.kind {
        case .same: output += " " + before[edit.oldLine] + "\n"
        case .removed: output += "-" + before[edit.oldLine] + "\n"
        case .added: output += "+" + after[edit.newLine] + "\n"
        }
      }
      index = end
    }
    return output
  }

  /// How many lines `new` adds and removes from `old`.
  public static func counts(_ old: String, _ new: String) -> (added: Int, removed: Int) {
    let script = edits(lines(old), lines(new))
    return (script.filter { $0.kind == .added }.count, script.filter { $0.kind == .removed }.count)
  }

  struct Edit {
    enum Kind { case same, removed, added }
    let kind: Kind
    let oldLine: Int
    let newLine: Int
  }

  private static func lines(_ text: String) -> [String] {
    var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if result.last == "" { result.removeLast() }
    return result
  }

  /// How many elements `old` and `new` share at their start (`head`) and, after that, at
  /// their end (`tail`): what lies between is all that changed.
  ///
  /// ```swift
  /// Diff.commonEnds(Array("a+b".utf8), Array("a-b".utf8))  // (head: 1, tail: 1)
  /// ```
  package static func commonEnds<Element: Equatable>(
    _ old: [Element], _ new: [Element]
  ) -> (head: Int, tail: Int) {
    var head = 0
    while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
    var tail = 0
    while tail < old.count - head, tail < new.count - head,
      old[old.count - 1 - tail] == new[new.count - 1 - tail]
    {
      tail += 1
    }
    return (head, tail)
  }

  /// The shortest edit script, by the longest common subsequence of the lines between the
  /// common head and tail.
  /// The largest table of the changed region that the alignment builds: its time and
  /// memory grow with the product of the two regions' lengths, so past this (1,000 changed
  /// lines each side) the region is one replacement, and a run's cost keeps growing with
  /// the file's length alone (a 3,200-line rewrite spent seconds here in the debug build).
  static let maximumCells = 1_000_000

  static func edits(_ old: [String], _ new: [String]) -> [Edit] {
    let (head, tail) = commonEnds(old, new)
    let a = Array(old[head..<(old.count - tail)])
    let b = Array(new[head..<(new.count - tail)])
    var script = (0..<head).map { Edit(kind: .same, oldLine: $0, newLine: $0) }
    if a.count * b.count > maximumCells {
      // Too large to align: all of one replaced by all of the other.
      script += a.indices.map { Edit(kind: .removed, oldLine: head + $0, newLine: head) }
      script += b.indices.map { Edit(kind: .added, oldLine: head + a.count, newLine: head + $0) }
    } else {
      var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
      for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
          lengths[i][j] =
            a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
        }
      }
      var i = 0
      var j = 0
      while i < a.count || j < b.count {
        if i < a.count, j < b.count, a[i] == b[j] {
          script.append(Edit(kind: .same, oldLine: head + i, newLine: head + j))
          i += 1
          j += 1
        } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
          script.append(Edit(kind: .removed, oldLine: head + i, newLine: head + j))
          i += 1
        } else {
          script.append(Edit(kind: .added, oldLine: head + i, newLine: head + j))
          j += 1
        }
      }
    }
    let oldTail = old.count - tail
    let newTail = new.count - tail
    script += (0..<tail).map { Edit(kind: .same, oldLine: oldTail + $0, newLine: newTail + $0) }
    return script
  }
}
