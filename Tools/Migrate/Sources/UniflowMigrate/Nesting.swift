import Foundation
import SwiftSyntax

/// How deep a file nests square brackets, found before it is parsed: swift-syntax's parser
/// looks ahead at each `[` for both an array and an inline-array type, so its time doubles
/// with each level (16 levels took 1.5 s, 18 levels 6 s in the fuzzing build), and a file
/// nested 90 deep would never finish. Real code nests a few levels; a file nested deeper than
/// ``limit`` is refused before parsing (a fuzzing finding).
///
/// ```swift
/// Nesting.deepest(in: "let grid = [[0, 1], [2, 3]]")   // (depth: 2, line: 1)
/// ```
package enum Nesting {
  /// The deepest nesting of square brackets migrate and mutate parse.
  package static let limit = 12

  /// The deepest nesting of `[` outside comments and string literals, and the line where it
  /// is first reached.
  package static func deepest(in source: String) -> (depth: Int, line: Int) {
    let bytes = Array(source.utf8)
    var deepest = (depth: 0, line: 1)
    var depth = 0
    var line = 1
    var index = 0
    func at(_ offset: Int) -> UInt8? {
      index + offset < bytes.count ? bytes[index + offset] : nil
    }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\n"):
        line += 1
      case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
        // A line comment: up to the line's end.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        continue
      case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
        // A block comment, which nests.
        var open = 0
        repeat {
          if bytes[index] == UInt8(ascii: "\n") { line += 1 }
          if at(0) == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") {
            open += 1
            index += 1
          } else if at(0) == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") {
            open -= 1
            index += 1
          }
          index += 1
        } while open > 0 && index < bytes.count
        continue
      case UInt8(ascii: "\""):
        // A string literal, single-line or multi-line; an escape skips the next byte.
        let multiline = at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        while index < bytes.count {
          let current = bytes[index]
          if current == UInt8(ascii: "\\") {
            index += 2
            continue
          }
          if current == UInt8(ascii: "\n") {
            line += 1
            if !multiline { break }
          }
          if current == UInt8(ascii: "\"") {
            if !multiline {
              break
            }
            if at(1) == UInt8(ascii: "\""), at(2) == UInt8(ascii: "\"") {
              index += 2
              break
            }
          }
          index += 1
        }
      case UInt8(ascii: "["):
        depth += 1
        if depth > deepest.depth { deepest = (depth, line) }
      case UInt8(ascii: "]"):
        depth = max(0, depth - 1)
      default:
        break
      }
      index += 1
    }
    return deepest
  }
}

/// How deep a parsed file's syntax tree goes, found without recursion, and the stack the
/// rewrite runs on.
///
/// The passes visit the tree recursively, a few stack frames a level. Most nesting is
/// bounded by the parser (it refuses closures or parentheses nested past its limit), but a
/// chain of calls is parsed in a loop and nests one level a link: a file of 1,600 `.map`s
/// overflowed an 8 MB stack. So the rewrite runs on a thread with a stack of ``stackBytes``,
/// and a tree deeper than ``limit`` (over 5,000 links in one chain) is refused with
/// ``MigrateError/treeTooDeep(path:line:depth:limit:)`` before any pass visits it.
///
/// ```swift
/// let depth = TreeDepth.deepest(in: Parser.parse(source: text))   // (depth:, line:)
/// ```
package enum TreeDepth {
  /// The deepest syntax tree migrate rewrites, in levels.
  package static let limit = 10_000

  /// The stack the rewrite runs on: room for ``limit`` levels in a debug build with the
  /// address sanitizer, many times over.
  package static let stackBytes = 1 << 30

  /// The depth of the deepest node of `tree`, and the line of the first node that deep.
  package static func deepest(in tree: some SyntaxProtocol) -> (depth: Int, node: Syntax) {
    var deepest = (depth: 0, node: Syntax(tree))
    var waiting: [(node: Syntax, depth: Int)] = [(Syntax(tree), 1)]
    while let (node, depth) = waiting.popLast() {
      if depth > deepest.depth { deepest = (depth, node) }
      for child in node.children(viewMode: .sourceAccurate) { waiting.append((child, depth + 1)) }
    }
    return deepest
  }

  /// Runs `body` on a thread whose stack is ``stackBytes``, and returns what it returned
  /// (or throws what it threw).
  package static func onLargeStack<Value, Failure: Error>(
    _ body: @escaping () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    let finished = DispatchSemaphore(value: 0)
    // The thread runs `body` and writes `outcome` once, then signals; this thread reads
    // `outcome` only after its wait. The semaphore orders the two, so neither is shared
    // while the other touches it.
    nonisolated(unsafe) var outcome: Result<Value, Failure>?
    nonisolated(unsafe) let body = body
    let thread = Thread {
      outcome = Result { () throws(Failure) -> Value in try body() }
      finished.signal()
    }
    thread.stackSize = stackBytes
    thread.start()
    finished.wait()
    return try outcome!.get()
  }
}
