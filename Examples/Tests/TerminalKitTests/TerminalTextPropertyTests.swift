import PropertyBased
import Testing

@testable import TerminalKit

/// Properties of the sanitiser, the width function and the text field that must hold for
/// any text at all, checked on random text mixed from the scalars that cause trouble.
@Suite struct TerminalTextPropertyTests {
  /// Scalars that break terminals or width counting: controls, escape, bidi overrides,
  /// separators, joiners, selectors, marks, wide text, emoji and flags.
  static let troublesome: [Unicode.Scalar] =
    (0x00...0x1F).map { Unicode.Scalar($0)! } + (0x7F...0x9F).map { Unicode.Scalar($0)! }
    + [
      "[", "]", ";", "a", "Z", " ", "\u{AD}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}",
      "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{2028}", "\u{2029}", "\u{FEFF}",
      "\u{FE0F}", "\u{301}", "\u{20DD}", "\u{1160}", "\u{1100}", "牛", "ｶ", "\u{FF9E}", "❤",
      "😀", "👨", "\u{1F3FD}", "\u{1F1EF}", "\u{1F1F5}", "\u{E0067}", "\u{E007F}", "\u{10FFFF}",
    ]

  static let text = Gen.element(of: troublesome).array(of: 0...40)
    .map { scalars in String(String.UnicodeScalarView(scalars.compactMap { $0 })) }

  /// Any scalar at all, so the palette's gaps are covered too.
  static let anyText = Gen<UInt32>.value(in: 0...0x10FFFF).array(of: 0...20)
    .map { values in String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init))) }

  /// Whether a terminal could act on `scalar`, decided independently of the sanitiser.
  static func isDangerous(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control: return true
    case .format:
      return ![0x200C, 0x200D].contains(scalar.value) && !(0xE0020...0xE007F).contains(scalar.value)
    case .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }

  @Test func aSanitisedLineHasNoControlsAndFitsTheScreen() async {
    await propertyCheck(count: 1000, input: Self.text, Self.anyText, Gen.int(in: 1...80)) {
      text, other, width in
      for text in [text, other, text + other] {
        let line = TerminalLine(text.fitted(toWidth: width)).text
        #expect(!line.unicodeScalars.contains(where: Self.isDangerous))
        #expect(line.displayWidth == width)
        #expect(TerminalLine(text).text.displayWidth == text.displayWidth)
        #expect(text.truncated(toWidth: width).displayWidth <= width)
      }
    }
  }

  @Test func aFrameHoldsNoControlsWhateverItIsGiven() async {
    await propertyCheck(count: 200, input: Self.text.array(of: 0...5)) { lines in
      let frame = Frame(lines: lines)
      for line in frame.lines {
        #expect(!line.text.unicodeScalars.contains(where: Self.isDangerous))
      }
    }
  }

  enum Edit: CaseIterable { case type, left, right, backspace, delete, home, end, clear }

  @Test func aFieldKeepsItsCursorOnACharacterWhateverIsTyped() async {
    let edits = Gen<Edit>.case.array(of: 0...60)
    let typed = Gen.element(of: Self.troublesome).array(of: 60)
    await propertyCheck(count: 500, input: edits, typed, Gen.int(in: 1...30)) {
      edits, typed, width in
      var field = TextField(limit: 20)
      for (edit, scalar) in zip(edits, typed) {
        switch edit {
        case .type: field.handle(.character(Character(scalar ?? "x")))
        case .left: field.handle(.left)
        case .right: field.handle(.right)
        case .backspace: field.handle(.backspace)
        case .delete: field.handle(.delete)
        case .home: field.handle(.home)
        case .end: field.handle(.end)
        case .clear: field.handle(.control("u"))
        }
        #expect((0...field.text.count).contains(field.cursor))
        #expect(field.text.count <= 20)
        let window = field.visible(width: width)
        #expect(window.text.displayWidth == width)
        #expect(window.cursorColumn < width)
      }
    }
  }
}
