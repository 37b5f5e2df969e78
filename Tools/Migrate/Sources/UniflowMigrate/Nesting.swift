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
