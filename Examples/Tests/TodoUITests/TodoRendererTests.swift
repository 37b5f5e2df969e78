import SnapshotTesting
import TerminalKit
import Testing
import TodoCore
import TodoUI

@Suite struct TodoRendererTests {
  let size = TerminalSize(columns: 80, rows: 12)

  func list(_ tasks: [TodoTask], selected: Int? = 0) -> TaskListViewReactor.State {
    var state = TaskListViewReactor.State()
    state.tasks = tasks
    state.selectedIndex = tasks.isEmpty ? nil : selected
    state.isLoaded = true
    return state
  }

  let tasks = [
    TodoTask(id: "1", title: "Buy milk", memo: "2 litres", isDone: true),
    TodoTask(id: "2", title: "Call mom"),
    TodoTask(
      id: "3", title: "Pay the electricity bill before the end of the month", memo: "online"),
  ]

  func editor(_ title: String, memo: String, focus: TodoScreen.Field = .title) -> TodoScreen.Editor
  {
    TodoScreen.Editor(
      state: .init(
        title: "Edit", taskTitle: title, taskMemo: memo, canSubmit: true, shouldConfirmCancel: true),
      title: TextField(text: title), memo: TextField(text: memo), focus: focus)
  }

  @Test func anEmptyList() {
    let frame = TodoRenderer.render(TodoScreen(list: list([])), size: size)
    assertSnapshot(of: frame.text, as: .lines)
    #expect(frame.lines.count == size.rows)
  }

  @Test func aListWithDoneAndUndoneTasks() {
    let frame = TodoRenderer.render(TodoScreen(list: list(tasks, selected: 1)), size: size)
    assertSnapshot(of: frame.text, as: .lines)
  }

  @Test func aSavingErrorIsShownAboveTheKeys() {
    let screen = TodoScreen(list: list(tasks), errorMessage: "could not save: disk full")
    assertSnapshot(of: TodoRenderer.render(screen, size: size).text, as: .lines)
  }

  @Test func theEditScreen() {
    let screen = TodoScreen(list: list(tasks), editor: editor("Call mom", memo: "about Sunday"))
    let frame = TodoRenderer.render(screen, size: size)
    assertSnapshot(of: frame.text, as: .lines)
    #expect(frame.cursor == Frame.Position(row: 3, column: 17))
  }

  @Test func theCancelAlertOverTheEditScreen() {
    let alert = PresentedAlert(
      title: "Really?", message: "All changes will be lost",
      buttons: [.init(title: "Leave", style: .destructive), .init(title: "Stay", style: .default)])
    let screen = TodoScreen(
      list: list(tasks), editor: editor("Call dad about the weekend", memo: "and the 牛乳"),
      alert: alert)
    let frame = TodoRenderer.render(screen, size: size)
    assertSnapshot(of: frame.text, as: .lines)
    #expect(frame.cursor == nil)
  }

  @Test func aNarrowWindowTruncatesEveryLine() {
    let narrow = TerminalSize(columns: 24, rows: 8)
    let frame = TodoRenderer.render(TodoScreen(list: list(tasks, selected: 2)), size: narrow)
    assertSnapshot(of: frame.text, as: .lines)
    #expect(frame.lines.allSatisfy { $0.text.displayWidth == narrow.columns })
  }

  @Test func aLongListScrollsToKeepTheSelectionVisible() {
    let many = (1...20).map { TodoTask(id: "\($0)", title: "Task \($0)") }
    let frame = TodoRenderer.render(TodoScreen(list: list(many, selected: 15)), size: size)
    #expect(frame.lines.contains(TerminalLine(" > [ ] Task 16".fitted(toWidth: size.columns))))
    #expect(!frame.lines.contains { $0.text.hasPrefix("   [ ] Task 1 ") })
  }

  @Test func aHostileTitleOrMemoIsDrawnAsTextOnItsOwnRow() {
    let hostile = [
      TodoTask(id: "1", title: "evil\u{1B}]0;pwned\u{7}\n> [ ] forged", memo: "\u{1B}[2J"),
      TodoTask(id: "2", title: "\u{202E}reversed"),
    ]
    let frame = TodoRenderer.render(TodoScreen(list: list(hostile)), size: size)
    #expect(!frame.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(frame.text.contains("> [ ] evil␛]0;pwned␇␊> [ ] forged — ␛[2J"))
    #expect(frame.lines.count == size.rows)
    #expect(frame.lines.allSatisfy { $0.text.displayWidth == size.columns })
  }
}
