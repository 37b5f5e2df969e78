import Testing

@testable import TerminalKit

@Suite struct TerminalLineTests {
  static let hostile = [
    "repo\u{1B}]0;pwned\u{7}",  // sets the window title
    "\u{1B}]52;c;cm0gLXJmIC8=\u{7}",  // writes the clipboard
    "\u{1B}[2J\u{1B}[H",  // clears the screen
    "line one\nline two\r\n",
    "\u{9B}31m C1 CSI",
    "\u{202E}evil\u{202C} \u{2066}isolate\u{2069} \u{200E}\u{200F}",
    "zero\u{200B}width \u{FEFF}bom \u{2028}sep\u{2029}",
    "\u{0}nul \u{7F}del \u{85}nel",
  ]

  @Test(arguments: hostile)
  func noControlOrFormatCharacterSurvives(text: String) {
    let line = TerminalLine(text).text
    #expect(!line.unicodeScalars.contains { $0.isTerminalControl })
    #expect(!line.contains("\u{1B}"))
    #expect(!line.contains("\n") && !line.contains("\r"))
  }

  @Test(arguments: hostile)
  func aSanitisedLineTakesTheWidthItWasLaidOutWith(text: String) {
    #expect(TerminalLine(text).text.displayWidth == text.displayWidth)
  }

  @Test func controlsShowAsVisiblePlaceholders() {
    #expect(TerminalLine("a\u{1B}[2Jb\nc\u{7}").text == "a␛[2Jb␊c␇")
    #expect(TerminalLine("\u{202E}x\u{9B}").text == "\u{FFFD}x\u{FFFD}")
  }

  @Test func emojiJapaneseAndAccentsAreLeftAlone() {
    for text in [
      "❤️", "🇯🇵", "👩‍👩‍👧", "e\u{301}", "日本語のタスク",
      "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
    ] {
      #expect(TerminalLine(text).text == text)
    }
  }

  @Test func aFrameSanitisesEveryLineItIsGiven() {
    var frame = Frame(lines: ["title \u{1B}]0;x\u{7}", "plain"])
    frame.lines.append(TerminalLine("more\u{1B}[2J"))
    #expect(!frame.text.contains("\u{1B}"))
    #expect(frame.lines.count == 3)
  }
}
