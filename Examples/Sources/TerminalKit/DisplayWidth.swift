extension Unicode.Scalar {
  /// Columns the scalar takes in a terminal on its own: 2 for East Asian wide and
  /// full-width characters, most emoji and regional indicators, 0 for combining marks,
  /// joiners and variation selectors, else 1.
  var columns: Int {
    // A control is drawn as its one-column placeholder (see `TerminalLine`).
    if isTerminalControl { return 1 }
    let value = self.value
    switch value {
    case 0x20...0x2FF: return 1
    case 0x0300...0x036F, 0x1160...0x11FF, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF,
      0xE0020...0xE007F:
      return 0
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F1E6...0x1F1FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
      0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
      return 2
    default:
      // Combining marks of every script draw over the character before them.
      switch properties.generalCategory {
      case .nonspacingMark, .enclosingMark: return 0
      default: return 1
      }
    }
  }
}

extension Character {
  /// Columns the character (one grapheme cluster) takes in a terminal.
  ///
  /// A cluster draws as one glyph, as wide as its widest scalar: an accent adds nothing
  /// to its letter, and a family emoji joined by ZWJs is one wide glyph, not three. A
  /// variation selector 16 after an emoji asks for its emoji presentation, which is wide. Controls are the
  /// exception: `TerminalLine` draws each as a one-column placeholder of its own, so
  /// each counts one.
  var columns: Int {
    var widest = 0
    var controls = 0
    let base = unicodeScalars.first!
    for scalar in unicodeScalars {
      if scalar.isTerminalControl {
        controls += 1
      } else if scalar.value == 0xFE0F {
        // Only an emoji has an emoji presentation; after anything else it is ignored.
        if base.properties.isEmoji && !base.isTerminalControl { widest = 2 }
      } else {
        widest = Swift.max(widest, scalar.columns)
      }
    }
    // A cluster with no base (a mark at the start, or after a control) is drawn on a
    // dotted circle (see `TerminalLine`), so it takes a column at least.
    if base.extendsACluster { widest = Swift.max(widest, 1) }
    return widest + controls
  }
}

extension StringProtocol {
  /// Columns the string takes in a terminal (wide characters count two).
  public var displayWidth: Int {
    reduce(0) { $0 + $1.columns }
  }

  /// The string cut to at most `width` columns, ending in "…" when something was cut.
  ///
  /// It reads only as far as the width reaches, so cutting a long text costs what is
  /// shown, not the whole text.
  ///
  /// ```swift
  /// "Buy milk and eggs".truncated(toWidth: 8)  // "Buy mil…"
  /// ```
  public func truncated(toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    var used = 0
    var fitsWithEllipsis = startIndex
    var index = startIndex
    while index < endIndex {
      let next = used + self[index].columns
      if next > width { return String(self[..<fitsWithEllipsis]) + "…" }
      index = self.index(after: index)
      if next <= width - 1 { fitsWithEllipsis = index }
      used = next
    }
    return String(self)
  }

  /// The string cut or padded with spaces to exactly `width` columns.
  public func fitted(toWidth width: Int) -> String {
    let cut = truncated(toWidth: width)
    return cut + String(repeating: " ", count: Swift.max(0, width - cut.displayWidth))
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
