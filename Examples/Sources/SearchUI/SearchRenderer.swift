import TerminalKit

/// Draws a ``SearchScreen`` as text: a pure function of the screen and the window's size.
public enum SearchRenderer {
  static let keys = "type to search  ↑↓ select  Esc quit"

  public static func render(_ screen: SearchScreen, size: TerminalSize) -> Frame {
    let width = max(size.columns, 1)
    let rows = max(size.rows, 5)
    let status = screen.isLoading ? "searching…" : resultCount(screen)
    let title = screen.title.truncated(toWidth: width)
    let gap = width - title.displayWidth - status.displayWidth - 2
    var lines = [
      gap >= 1
        ? " \(title)" + String(repeating: " ", count: gap) + "\(status) "
        : " \(title)",
      "",
    ]
    // Every piece of outside text is cut to the width before it is joined into a line,
    // so a huge name or description costs what is shown, not its length.
    let prompt = " Search: "
    let field = screen.field.visible(width: max(1, width - prompt.displayWidth))
    let fieldText =
      screen.field.text.isEmpty ? screen.placeholder.truncated(toWidth: width) : field.text
    lines.append(prompt + fieldText)
    lines.append(String(repeating: "─", count: width))

    let available = rows - lines.count - 2
    let perRow = 2
    let visibleCount = max(0, available / perRow)
    let selected = screen.selectedIndex ?? 0
    let first = max(0, selected - visibleCount + 1)
    for (index, row) in screen.results.enumerated().dropFirst(first).prefix(visibleCount) {
      let marker = index == screen.selectedIndex ? ">" : " "
      lines.append(" \(marker) " + row.title.truncated(toWidth: width))
      lines.append("     " + row.detail.truncated(toWidth: width))
    }

    var body = Array(lines.prefix(rows - 2))
    body += Array(repeating: "", count: rows - 2 - body.count)
    let fullField =
      screen.field.isFull ? "the search holds at most \(SearchScreen.queryLimit) characters" : nil
    let message = screen.errorMessage.map { $0.truncated(toWidth: width) } ?? fullField
    body.append(message.map { " ! \($0)" } ?? "")
    body.append(" " + keys)
    let cursorColumn = prompt.displayWidth + field.cursorColumn
    return Frame(
      lines: body.map { $0.fitted(toWidth: width) },
      cursor: cursorColumn < width ? Frame.Position(row: 2, column: cursorColumn) : nil)
  }

  private static func resultCount(_ screen: SearchScreen) -> String {
    switch screen.results.count {
    case 0: screen.field.text.isEmpty ? "" : "no results"
    case 1: "1 result"
    case let count: "\(count) results"
    }
  }
}
