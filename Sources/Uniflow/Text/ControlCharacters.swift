/// The one definition of the characters that app text must not print as they are:
/// messages, generated Swift, the session viewer and the command-line tools all escape
/// these and no others.
package enum HiddenCharacters {
  /// The general categories escaped: controls (C0, DEL, C1), format characters (the
  /// bidirectional marks, embeddings, overrides and isolates among them, and zero-width
  /// characters), line and paragraph separators, private use, surrogates and unassigned
  /// code points.
  package static let categories: [(category: Unicode.GeneralCategory, code: String)] = [
    (.control, "Cc"), (.format, "Cf"), (.lineSeparator, "Zl"), (.paragraphSeparator, "Zp"),
    (.privateUse, "Co"), (.surrogate, "Cs"), (.unassigned, "Cn"),
  ]

  /// The same set as a JavaScript regular expression, for a page that shows app text.
  ///
  /// ```swift
  /// HiddenCharacters.javaScriptPattern   // /[\p{Cc}\p{Cf}…]/gu
  /// ```
  package static var javaScriptPattern: String {
    "/[" + categories.map { "\\p{\($0.code)}" }.joined() + "]/gu"
  }
}

extension Unicode.Scalar {
  /// Whether the scalar is escaped wherever app text is shown (``HiddenCharacters``): it
  /// could drive a terminal, reorder the text after it, or not show at all.
  package var isHidden: Bool {
    let category = properties.generalCategory
    return HiddenCharacters.categories.contains { $0.category == category }
  }

  /// Whether the scalar can drive a terminal or reorder text when printed: C0 and C1
  /// controls, DEL, and the bidirectional marks, embeddings, overrides and isolates
  /// (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069). A deep link refuses these; the
  /// escapes cover more (``isHidden``).
  package var isControlOrDirection: Bool {
    let value = value
    return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
  }

  /// The scalar written as a Swift escape, `\u{1B}`.
  package var swiftEscape: String {
    "\\u{\(String(value, radix: 16, uppercase: true))}"
  }
}

extension StringProtocol {
  /// The text with every hidden character (``Unicode/Scalar/isHidden``) written as
  /// `\u{1B}`, so that printing it cannot drive a terminal or reorder what follows.
  package var escapingControlCharacters: String {
    var shown = ""
    for scalar in unicodeScalars {
      if scalar.isHidden {
        shown += scalar.swiftEscape
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }

  /// A Swift string literal of the text: quotes and backslashes escaped, line breaks and
  /// tabs as `\n`, `\r`, `\t`, and every other hidden character as `\u{…}`, so that a
  /// generated file shows no terminal escape, no direction override and no line break
  /// inside a literal.
  ///
  /// ```swift
  /// "say \"hi\"\n".swiftLiteral   // "say \"hi\"\n", as it would be typed
  /// ```
  package var swiftLiteral: String {
    var result = "\""
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      default:
        if scalar.isHidden {
          result += scalar.swiftEscape
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}

extension String {
  /// The text as a message shows what came from an app or a user (a route, a path): hidden
  /// characters escaped, and at most `limit` characters, the rest counted.
  ///
  /// ```swift
  /// "item(\u{1B}[2J)".shownInMessage()   // item(\u{1B}[2J)
  /// ```
  package func shownInMessage(limit: Int = 300) -> String {
    guard count > limit else { return escapingControlCharacters }
    return prefix(limit).escapingControlCharacters + "… (\(count - limit) more characters)"
  }
}
