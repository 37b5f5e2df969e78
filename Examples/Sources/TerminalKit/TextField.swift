/// The editing state of a one-line text field: its text and the cursor in it.
///
/// The cursor stands between grapheme clusters (what a reader calls characters), never
/// inside one. A terminal sends text one Unicode scalar at a time, so a combining accent,
/// a variation selector or the second half of a flag arrives as a key of its own; it joins
/// the character before the cursor, and the cursor stays after that character.
///
/// A field holds at most `limit` characters; keys that would go past it are ignored, so
/// a screen should say what the limit is.
///
/// ```swift
/// var field = TextField(text: "Buy mlk")
/// field.handle(.left); field.handle(.left); field.handle(.character("i"))
/// field.text  // "Buy milk"
/// ```
public struct TextField: Equatable, Sendable {
  /// The most characters a field holds unless told otherwise.
  public static let defaultLimit = 1_000

  public private(set) var text: String
  /// Where the cursor is in `text`: always a grapheme-cluster boundary.
  public private(set) var cursorIndex: String.Index
  /// The most characters the field takes from the keyboard.
  public let limit: Int

  /// A field showing `text` with the cursor at its end. Text longer than `limit` is kept
  /// as it is (nothing stored is cut), but no more can be typed until it is shorter.
  public init(text: String = "", limit: Int = TextField.defaultLimit) {
    self.text = text
    self.cursorIndex = text.endIndex
    self.limit = max(0, limit)
  }

  /// The cursor, as a count of characters (grapheme clusters) before it.
  public var cursor: Int {
    text.distance(from: text.startIndex, to: cursorIndex)
  }

  /// Whether the field holds as many characters as it takes.
  public var isFull: Bool {
    text.count >= limit
  }

  /// Applies an editing key; returns whether the key was one a field handles.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character): insert(character)
    case .backspace:
      guard cursorIndex > text.startIndex else { return true }
      replace(text.index(before: cursorIndex)..<cursorIndex, with: "")
    case .delete:
      guard cursorIndex < text.endIndex else { return true }
      replace(cursorIndex..<text.index(after: cursorIndex), with: "")
    case .left:
      if cursorIndex > text.startIndex { cursorIndex = text.index(before: cursorIndex) }
    case .right:
      if cursorIndex < text.endIndex { cursorIndex = text.index(after: cursorIndex) }
    case .home, .control("a"): cursorIndex = text.startIndex
    case .end, .control("e"): cursorIndex = text.endIndex
    case .control("u"): replace(text.startIndex..<cursorIndex, with: "")
    default:
      return false
    }
    return true
  }

  /// Columns between the start of the text and the cursor.
  public var cursorColumn: Int {
    text[..<cursorIndex].displayWidth
  }

  /// What a field `width` columns wide shows: the text scrolled so the cursor is on
  /// screen, cut or padded to exactly `width`, and the cursor's column in it.
  ///
  /// It reads only the characters near the cursor, so a long text costs what is shown.
  public func visible(width: Int) -> (text: String, cursorColumn: Int) {
    let width = max(1, width)
    var start = cursorIndex
    var column = 0
    while start > text.startIndex {
      let previous = text.index(before: start)
      let columns = text[previous].columns
      if column + columns >= width { break }
      column += columns
      start = previous
    }
    return (text[start...].fitted(toWidth: width), column)
  }

  private mutating func insert(_ character: Character) {
    // A scalar that joins the character before the cursor does not add a character.
    var joined = String(text[..<cursorIndex])
    let countBefore = joined.count
    joined.append(character)
    let added = joined.count - countBefore
    guard added == 0 || text.count + added <= limit else { return }
    replace(cursorIndex..<cursorIndex, with: String(character))
  }

  /// Replaces `range` and puts the cursor after the replacement, moved forward to the
  /// end of the character it lands in when the new text joins what follows it.
  private mutating func replace(_ range: Range<String.Index>, with replacement: String) {
    let offset =
      text.utf8.distance(from: text.startIndex, to: range.lowerBound)
      + replacement.utf8.count
    text.replaceSubrange(range, with: replacement)
    let target = text.utf8.index(text.startIndex, offsetBy: offset)
    var index = text.startIndex
    while index < target { index = text.index(after: index) }
    cursorIndex = index
  }
}
