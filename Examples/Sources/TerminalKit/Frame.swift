/// One screenful of text: what a pure render function returns and a terminal draws.
///
/// Lines are plain text (no escape sequences), at most the screen's width in columns,
/// so a frame can be compared and snapshot-tested as text.
public struct Frame: Equatable, Sendable {
  /// A position on screen, counted from zero.
  public struct Position: Equatable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }
  }

  /// The screen's lines, top to bottom, each sanitised: a frame cannot hold a control
  /// sequence.
  public var lines: [TerminalLine]
  /// Where the text cursor shows, or `nil` to hide it.
  public var cursor: Position?

  /// A frame of `lines`, each sanitised on the way in.
  public init(lines: [String], cursor: Position? = nil) {
    self.lines = lines.map { TerminalLine($0) }
    self.cursor = cursor
  }

  /// The lines joined with newlines, trailing spaces removed: the form snapshots keep.
  public var text: String {
    lines.map { line in
      var line = line.text
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}

/// A terminal's size in character cells.
public struct TerminalSize: Equatable, Sendable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
