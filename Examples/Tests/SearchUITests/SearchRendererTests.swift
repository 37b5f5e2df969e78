import SearchUI
import SnapshotTesting
import TerminalKit
import Testing

@Suite struct SearchRendererTests {
  let size = TerminalSize(columns: 72, rows: 12)

  func screen(_ text: String) -> SearchScreen {
    var screen = SearchScreen(title: "GitHub repositories", placeholder: "type a query, e.g. swift")
    for character in text { screen.field.handle(.character(character)) }
    return screen
  }

  let rows = [
    SearchScreen.Row(
      title: "swiftlang/swift  ★ 68800", detail: "C++ · The Swift Programming Language"),
    SearchScreen.Row(
      title: "vsouza/awesome-ios  ★ 51200",
      detail: "Swift · A curated list of awesome iOS ecosystem"),
  ]

  @Test func anEmptyFieldShowsThePlaceholder() {
    let frame = SearchRenderer.render(screen(""), size: size)
    assertSnapshot(of: frame.text, as: .lines)
    #expect(frame.cursor == Frame.Position(row: 2, column: 9))
  }

  @Test func resultsWithTheFirstSelected() {
    var screen = screen("swift")
    screen.results = rows
    screen.selectedIndex = 0
    assertSnapshot(of: SearchRenderer.render(screen, size: size).text, as: .lines)
  }

  @Test func theLoadingIndicatorAndAnErrorLine() {
    var screen = screen("swiftui")
    screen.isLoading = true
    screen.errorMessage = "HTTP 429: API rate limit exceeded (retry after 30 s)"
    assertSnapshot(of: SearchRenderer.render(screen, size: size).text, as: .lines)
  }

  @Test func aNarrowWindowTruncatesEveryLine() {
    var screen = screen("swift")
    screen.results = rows
    let narrow = TerminalSize(columns: 30, rows: 8)
    let frame = SearchRenderer.render(screen, size: narrow)
    assertSnapshot(of: frame.text, as: .lines)
    #expect(frame.lines.allSatisfy { $0.text.displayWidth == narrow.columns })
  }
}

@MainActor
@Suite struct SearchAppTests {
  @Test func typingReportsEachChangeOfTheText() {
    var texts: [String] = []
    let app = SearchApp(title: "t", placeholder: "p") { texts.append($0) }
    for key in [Key.character("s"), .character("w"), .left, .up, .backspace] {
      #expect(app.handle(key) == .continue)
    }
    #expect(texts == ["s", "sw", "w"])
  }

  @Test func arrowsMoveTheSelectionWithinTheResults() {
    let app = SearchApp(title: "t", placeholder: "p") { _ in }
    app.show(results: [.init(title: "a"), .init(title: "b")])
    _ = app.handle(.down)
    _ = app.handle(.down)
    #expect(app.screen.selectedIndex == 1)
    _ = app.handle(.up)
    #expect(app.screen.selectedIndex == 0)
  }

  @Test func showingSomethingAsksForARedraw() {
    var redraws = 0
    let app = SearchApp(title: "t", placeholder: "p") { _ in }
    app.onChange = { redraws += 1 }
    app.show(isLoading: true)
    app.show(error: "x")
    app.show(results: [])
    #expect(redraws == 3)
  }

  @Test func escapeQuits() {
    let app = SearchApp(title: "t", placeholder: "p") { _ in }
    #expect(app.handle(.escape) == .quit)
  }

  @Test func aHostileNameOrServerMessageReachesTheScreenAsText() {
    var screen = SearchScreen(title: "GitHub", placeholder: "type a query")
    screen.results = [
      .init(title: "evil/\u{1B}]52;c;cm0gLXJm\u{7}repo", detail: "\u{1B}[2J★ 1 \u{9B}31m")
    ]
    screen.errorMessage = "HTTP 500: \u{1B}]0;pwned\u{7}"
    let frame = SearchRenderer.render(screen, size: TerminalSize(columns: 80, rows: 10))
    #expect(!frame.text.contains("\u{1B}"))
    #expect(!frame.text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    #expect(frame.text.contains("evil/␛]52;c;cm0gLXJm␇repo"))
  }
}
