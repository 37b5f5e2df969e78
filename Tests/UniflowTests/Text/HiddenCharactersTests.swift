import Testing

@testable import Uniflow

/// The one escaping of app text: messages, generated Swift and the viewer's pattern agree.
@Suite struct HiddenCharactersTests {
  /// One of each kind the escapes cover: C0 (ESC), DEL, C1 (CSI), a direction override, a
  /// direction isolate, a zero-width space and a word joiner (format characters), the line
  /// separator, a private-use character, and an unassigned code point.
  static let hidden: [Unicode.Scalar] = [
    "\u{1B}", "\u{7F}", "\u{9B}", "\u{202E}", "\u{2066}", "\u{200B}", "\u{2060}", "\u{2028}",
    "\u{E000}", "\u{0378}",
  ]

  @Test(arguments: hidden)
  func aHiddenCharacterIsEscapedInMessagesAndInSwiftLiterals(scalar: Unicode.Scalar) {
    let text = "a" + String(Character(scalar)) + "b"
    let escaped = "a" + scalar.swiftEscape + "b"
    #expect(text.escapingControlCharacters == escaped)
    #expect(text.swiftLiteral == "\"" + escaped + "\"")
    #expect(text.shownInMessage() == escaped)
  }

  @Test func visibleTextIsLeftAsItIs() {
    // A variation selector and a combining mark are not hidden: they change how the
    // character before them looks, and escaping them would break the text.
    let text = "Café ❤️ ü — 日本語"
    #expect(text.escapingControlCharacters == text)
    #expect(text.swiftLiteral == "\"" + text + "\"")
  }

  @Test func aSwiftLiteralEscapesQuotesBackslashesAndLineBreaksAsTyped() {
    #expect("say \"hi\"\\\n\t\r\0".swiftLiteral == #""say \"hi\"\\\n\t\r\0""#)
  }

  @Test func theViewersPatternNamesEveryCategoryTheEscapesCover() {
    let pattern = HiddenCharacters.javaScriptPattern
    #expect(pattern.hasPrefix("/[") && pattern.hasSuffix("]/gu"))
    for scalar in Self.hidden {
      let code = HiddenCharacters.categories.first {
        $0.category == scalar.properties.generalCategory
      }?.code
      #expect(code.map { pattern.contains("\\p{\($0)}") } == true, "\(scalar.swiftEscape)")
    }
  }
}
