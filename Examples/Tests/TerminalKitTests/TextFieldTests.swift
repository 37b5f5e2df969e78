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
