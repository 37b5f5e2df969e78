import TerminalKit
import TodoCore

/// Draws a ``TodoScreen`` as text: a pure function of the screen and the window's size.
///
/// Every line fits the width (longer text ends in "…"), and the frame has exactly as many
/// lines as the window has rows.
public enum TodoRenderer {
  static let listKeys = "↑↓/jk select  a add  e edit  d delete  space done  J/K move  q quit"
  static let editorKeys = "Tab next field  Enter save  Esc cancel"
  static let alertKeys = "←/→ choose  Enter confirm  Esc back"

  public static func render(_ screen: TodoScreen, size: TerminalSize) -> Frame {
    let size = TerminalSize(columns: max(size.columns, 1), rows: max(size.rows, 4))
    var frame =
      if let editor = screen.editor {
        renderEditor(editor, error: screen.errorMessage, size: size)
      } else {
        renderList(screen.list, error: screen.errorMessage, size: size)
      }
    if let alert = screen.alert {
      overlay(alert, on: &frame, size: size)
    }
    return frame
  }

  // MARK: - List

  static func renderList(
    _ list: TaskListViewReactor.State, error: String?, size: TerminalSize
  ) -> Frame {
    let width = size.columns
    let done = list.tasks.filter(\.isDone).count
    let count = list.tasks.count == 1 ? "1 task" : "\(list.tasks.count) tasks"
    var lines = [
      ScreenLayout.header("Todo", detail: "\(count), \(done) done", width: width),
      ScreenLayout.rule(width),
    ]

    let listHeight = size.rows - 4
    if list.tasks.isEmpty {
      let message = list.isLoaded ? " No tasks yet. Press a to add one." : " Loading…"
      lines.append("")
      lines.append(message)
    } else {
      let selected = list.selectedIndex ?? 0
      let first = max(0, selected - listHeight + 1)
      for (index, task) in list.tasks.enumerated().dropFirst(first).prefix(listHeight) {
        let marker = index == list.selectedIndex ? ">" : " "
        let check = task.isDone ? "[x]" : "[ ]"
        let memo = task.memo.map { " — " + $0.truncated(toWidth: width) } ?? ""
        lines.append(" \(marker) \(check) " + task.title.truncated(toWidth: width) + memo)
      }
    }
    let errorLine = error.map { " ! \($0)" } ?? ""
    return ScreenLayout.frame(lines, status: errorLine, keys: listKeys, size: size)
  }

  // MARK: - Edit screen

  static func renderEditor(
    _ editor: TodoScreen.Editor, error: String?, size: TerminalSize
  ) -> Frame {
    let width = size.columns
    let state = editor.state
    var lines = [
      ScreenLayout.header("\(state.title) task", detail: "", width: width),
      ScreenLayout.rule(width), "",
    ]
    let label = 8  // " Title  " and " Memo   "
    let fieldWidth = max(1, width - label - 3)
    let title = editor.title.visible(width: fieldWidth)
    let memo = editor.memo.visible(width: fieldWidth)
    lines.append(" Title  [\(title.text)]")
    lines.append("")
    lines.append(" Memo   [\(memo.text)]")
    lines.append("")
    let focused = editor.focus == .title ? editor.title : editor.memo
    lines.append(
      " Up to \(TodoTask.titleLimit) characters in the title, \(TodoTask.memoLimit) in the memo"
        + (focused.isFull ? " (this field is full)" : ""))
    let (row, column) =
      editor.focus == .title
      ? (3, label + 1 + title.cursorColumn) : (5, label + 1 + memo.cursorColumn)
    let cursor = column < width ? Frame.Position(row: row, column: column) : nil
    let status = error.map { " ! \($0)" } ?? ""
    var frame = ScreenLayout.frame(lines, status: status, keys: editorKeys, size: size)
    frame.cursor = cursor
    return frame
  }

  // MARK: - Alert

  /// Draws the alert as a box in the middle of the screen, over what is there, and lists
  /// the alert's keys in the footer.
  static func overlay(_ alert: PresentedAlert, on frame: inout Frame, size: TerminalSize) {
    let buttons = alert.buttons.enumerated().map { index, button in
      index == alert.highlightedIndex ? "[ \(button.title) ]" : "  \(button.title)  "
    }.joined(separator: " ")
    let texts = [alert.title, alert.message].compactMap { $0 }
    let inner = min(
      max(size.columns - 4, 1), ([buttons] + texts).map(\.displayWidth).max()! + 2)
    var box = ["┌" + String(repeating: "─", count: inner) + "┐"]
    for text in texts + ["", buttons] {
      box.append("│" + (" " + text).fitted(toWidth: inner) + "│")
    }
    box.append("└" + String(repeating: "─", count: inner) + "┘")

    let left = max(0, (size.columns - inner - 2) / 2)
    let top = max(0, (size.rows - box.count) / 2)
    for (offset, line) in box.enumerated() where top + offset < size.rows - 1 {
      let row = top + offset
      frame.lines[row] = TerminalLine(
        frame.lines[row].text.overlaid(with: line, atColumn: left).fitted(toWidth: size.columns))
    }
    frame.lines[size.rows - 1] = TerminalLine((" " + alertKeys).fitted(toWidth: size.columns))
    frame.cursor = nil
  }
}
