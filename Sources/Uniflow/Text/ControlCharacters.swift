extension Unicode.Scalar {
  /// Whether the scalar can drive a terminal or reorder text when printed: C0 and C1
  /// controls, DEL, and the bidirectional marks, embeddings, overrides and isolates
  /// (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
  package var isControlOrDirection: Bool {
    let value = value
    return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
  }
}

extension StringProtocol {
  /// The text with every control or direction character written as `\u{1B}`, so that
  /// printing it cannot drive a terminal or reorder what follows.
  package var escapingControlCharacters: String {
    var shown = ""
    for scalar in unicodeScalars {
      if scalar.isControlOrDirection {
        shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }
}

extension String {
  /// The text as a message shows what came from an app or a user (a route, a path): control
  /// and direction characters escaped, and at most `limit` characters, the rest counted.
  ///
  /// ```swift
  /// "item(\u{1B}[2J)".shownInMessage()   // item(\u{1B}[2J)
  /// ```
  package func shownInMessage(limit: Int = 300) -> String {
    guard count > limit else { return escapingControlCharacters }
    return prefix(limit).escapingControlCharacters + "… (\(count - limit) more characters)"
  }
}
