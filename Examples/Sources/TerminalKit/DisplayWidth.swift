extension Unicode.Scalar {
  /// Columns the scalar takes in a terminal: 2 for East Asian wide and full-width
  /// characters and most emoji, 0 for combining marks and zero-width joiners, else 1.
  var columns: Int {
    // A control is drawn as its one-column placeholder (see `TerminalLine`).
    if isTerminalControl { return 1 }
    let value = self.value
    switch value {
    case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: return 0
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default: return 1
    }
  }
}

extension Character {
  /// Columns the character takes in a terminal.
  var columns: Int {
    unicodeScalars.reduce(0) { $0 + $1.columns }
  }
}

extension String {
  /// Columns the string takes in a terminal (wide characters count two).
  public var displayWidth: Int {
    reduce(0) { $0 + $1.columns }
  }

  /// The string cut to at most `width` columns, ending in "…" when something was cut.
  ///
  /// ```swift
  /// "Buy milk and eggs".truncated(toWidth: 8)  // "Buy mil…"
  /// ```
  public func truncated(toWidth width: Int) -> String {
    guard displayWidth > width else { return self }
    guard width > 0 else { return "" }
    var result = ""
    var used = 0
    for character in self {
      let columns = character.columns
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    return result + "…"
  }

  /// The string cut or padded with spaces to exactly `width` columns.
  public func fitted(toWidth width: Int) -> String {
    let cut = truncated(toWidth: width)
    return cut + String(repeating: " ", count: max(0, width - cut.displayWidth))
  }
}

extension String {
  /// The string with `other` drawn over it from `column` on, as a window is drawn over
  /// what is behind it; a wide character cut in half by an edge becomes a space.
  ///
  /// ```swift
  /// "abcdefgh".overlaid(with: "XY", atColumn: 3)  // "abcXYfgh"
  /// ```
  public func overlaid(with other: String, atColumn column: Int) -> String {
    let end = column + other.displayWidth
    var before = ""
    var after = ""
    var position = 0
    for character in self {
      let next = position + character.columns
      if next <= column {
        before.append(character)
      } else if position >= end {
        after.append(character)
      } else if position < column {
        before += String(repeating: " ", count: column - position)
      } else if next > end {
        after += String(repeating: " ", count: next - end)
      }
      position = next
    }
    before += String(repeating: " ", count: max(0, column - before.displayWidth))
    return before + other + after
  }
}
