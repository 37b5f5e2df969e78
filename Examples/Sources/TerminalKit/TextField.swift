/// The editing state of a one-line text field: its text and the cursor in it.
///
/// ```swift
/// var field = TextField(text: "Buy mlk")
/// field.handle(.left); field.handle(.left); field.handle(.character("i"))
/// field.text  // "Buy milk"
/// ```
public struct TextField: Equatable, Sendable {
  public private(set) var text: String
  /// The cursor, as a count of characters before it.
  public private(set) var cursor: Int

  public init(text: String = "") {
    self.text = text
    self.cursor = text.count
  }

  /// Applies an editing key; returns whether the key was one a field handles.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      let index = text.index(text.startIndex, offsetBy: cursor)
      text.insert(character, at: index)
      cursor += 1
    case .backspace:
      guard cursor > 0 else { return true }
      let index = text.index(text.startIndex, offsetBy: cursor - 1)
      text.remove(at: index)
      cursor -= 1
    case .delete:
      guard cursor < text.count else { return true }
      text.remove(at: text.index(text.startIndex, offsetBy: cursor))
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(text.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = text.count
    case .control("u"):
      text.removeFirst(cursor)
      cursor = 0
    default:
      return false
    }
    return true
  }

  /// Columns between the start of the text and the cursor.
  public var cursorColumn: Int {
    String(text.prefix(cursor)).displayWidth
  }
}
