import Testing
import TerminalKit

@Suite struct TextFieldTests {
  @Test func typingInsertsAtTheCursor() {
    var field = TextField(text: "Buy mlk")
    field.handle(.left)
    field.handle(.left)
    field.handle(.character("i"))
    #expect(field.text == "Buy milk")
    #expect(field.cursor == 6)
  }

  @Test func backspaceAndDeleteRemoveAroundTheCursor() {
    var field = TextField(text: "abc")
    field.handle(.backspace)
    field.handle(.home)
    field.handle(.backspace)
    field.handle(.delete)
    #expect(field.text == "b")
    #expect(field.cursor == 0)
  }

  @Test func controlUClearsToTheStart() {
    var field = TextField(text: "hello world")
    for _ in 0..<5 { field.handle(.left) }
    field.handle(.control("u"))
    #expect(field.text == "world")
  }

  @Test func keysThatAreNotEditingAreNotHandled() {
    var field = TextField()
    let handledEnter = field.handle(.enter)
    let handledUp = field.handle(.up)
    #expect(!handledEnter)
    #expect(!handledUp)
    #expect(field == TextField())
  }

  @Test func theCursorColumnCountsWideCharactersTwice() {
    let field = TextField(text: "牛乳")
    #expect(field.cursorColumn == 4)
  }
}

/// A terminal sends each Unicode scalar as a key of its own; the field must keep its
/// cursor between grapheme clusters whatever arrives.
@Suite struct TextFieldClusterTests {
  /// Types `text` the way a terminal delivers it: one key per scalar.
  func typed(_ text: String, into field: TextField = TextField()) -> TextField {
    var field = field
    for scalar in text.unicodeScalars { field.handle(.character(Character(scalar))) }
    return field
  }

  @Test(arguments: ["e\u{301}", "❤\u{FE0F}", "🇯🇵", "👨\u{200D}👩\u{200D}👧", "👍🏽", "ｶﾞ", "가"])
  func aClusterTypedScalarByScalarIsOneCharacter(cluster: String) {
    let field = typed("a" + cluster + "b")
    #expect(field.text == "a" + cluster + "b")
    #expect(field.cursor == field.text.count)
    #expect(field.cursorColumn == field.text.displayWidth)
  }

  @Test func aMarkTypedInTheMiddleJoinsTheCharacterBeforeTheCursor() {
    var field = TextField(text: "cafe!")
    field.handle(.left)
    field = typed("\u{301}", into: field)
    #expect(field.text == "café!")
    #expect(field.cursor == 4)
    field.handle(.right)
    field.handle(.character("?"))
    #expect(field.text == "café!?")
  }

  @Test func backspaceAndArrowsMoveOverWholeClusters() {
    var field = typed("日本🇯🇵e\u{301}")
    #expect(field.cursor == 4)
    field.handle(.backspace)
    #expect(field.text == "日本🇯🇵")
    field.handle(.left)
    #expect(field.cursorColumn == 4)
    field.handle(.delete)
    #expect(field.text == "日本")
    field.handle(.home)
    field.handle(.right)
    #expect(field.cursorColumn == 2)
  }

  @Test func theDisplayWidthOfAClusterIsItsGlyphs() {
    #expect("❤\u{FE0F}".displayWidth == 2)
    #expect("👨\u{200D}👩\u{200D}👧".displayWidth == 2)
    #expect("🇯🇵".displayWidth == 2)
    #expect("e\u{301}".displayWidth == 1)
    #expect("\u{1100}\u{1161}".displayWidth == 2)  // a Hangul syllable from jamo
  }

  @Test func aFullFieldTakesNoMoreCharactersButStillTakesMarks() {
    var field = TextField(limit: 3)
    field = typed("abcd", into: field)
    #expect(field.text == "abc")
    #expect(field.isFull)
    field = typed("\u{301}", into: field)
    #expect(field.text == "abc\u{301}")
    field.handle(.backspace)
    field = typed("xy", into: field)
    #expect(field.text == "abx")
  }

  @Test func textLongerThanTheLimitIsKeptButNotGrown() {
    var field = TextField(text: "abcdef", limit: 3)
    field.handle(.character("g"))
    #expect(field.text == "abcdef")
  }

  @Test func theVisibleWindowScrollsToTheCursor() {
    var field = TextField(text: "牛乳を買う and eggs")
    var window = field.visible(width: 6)
    #expect(window.text.displayWidth == 6)
    #expect(window.cursorColumn == 5)
    field.handle(.home)
    window = field.visible(width: 6)
    #expect(window.text == "牛乳… ")
    #expect(window.cursorColumn == 0)
  }
}
