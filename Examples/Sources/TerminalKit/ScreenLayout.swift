/// The layout the full-screen examples share: a header with a title on the left and a
/// detail on the right, a rule, the body, then a status line and the keys at the bottom.
///
/// ```swift
/// let lines = [ScreenLayout.header("Todo", detail: "3 tasks", width: 80), ScreenLayout.rule(80)]
/// let frame = ScreenLayout.frame(lines, status: "", keys: "q quit", size: size)
/// ```
public enum ScreenLayout {
  /// ` title … detail `, exactly `width` columns; the title is cut first when both do
  /// not fit.
  public static func header(_ title: String, detail: String, width: Int) -> String {
    let right = detail.isEmpty ? "" : "\(detail) "
    let left = " " + title.truncated(toWidth: max(1, width - right.displayWidth - 2))
    let gap = width - left.displayWidth - right.displayWidth
    guard gap >= 1 else { return left.fitted(toWidth: width) }
    return left + String(repeating: " ", count: gap) + right
  }

  /// A horizontal line across the window.
  public static func rule(_ width: Int) -> String {
    String(repeating: "─", count: width)
  }

  /// `lines` padded to the window's height, with the status line and the keys at the
  /// bottom, every line fitted to the width.
  public static func frame(
    _ lines: [String], status: String, keys: String, size: TerminalSize,
    cursor: Frame.Position? = nil
  ) -> Frame {
    let rows = max(size.rows, 2)
    var body = Array(lines.prefix(rows - 2))
    body += Array(repeating: "", count: rows - 2 - body.count)
    body.append(status)
    body.append(" " + keys)
    return Frame(lines: body.map { $0.fitted(toWidth: size.columns) }, cursor: cursor)
  }
}
