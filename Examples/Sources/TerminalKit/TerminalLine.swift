/// One line of text that is safe to draw in a terminal: it can only be made by
/// sanitising, so nothing from outside (a title, a server's JSON) can reach the terminal
/// as a control sequence.
///
/// Every C0 control (newline and escape included) becomes its Unicode control picture
/// (`␛`, `␊`, `␇`…), DEL becomes `␡`, and C1 controls, bidi overrides and other format
/// characters become `�`; line and paragraph separators become `␤`, so a newline can
/// never start a row. Each placeholder takes one column, as ``Swift/String/displayWidth``
/// counts the character it replaces, so a line laid out before it is sanitised keeps its
/// width. Joiners, variation selectors and combining marks stay: emoji and accents draw
/// as they should; a mark that followed a control, and so had no letter to sit on, is
/// drawn on a dotted circle (`◌`) rather than on the placeholder.
///
/// ```swift
/// TerminalLine("evil\u{1B}]0;pwned\u{7}").text   // "evil␛]0;pwned␇"
/// ```
public struct TerminalLine: Equatable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The sanitised text.
  public let text: String

  /// Sanitises `untrusted`.
  public init(_ untrusted: String) {
    text = Self.sanitized(untrusted)
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  public var description: String { text }

  /// `text` with every scalar a terminal would act on replaced by a visible placeholder.
  static func sanitized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: \.isTerminalControl) else { return text }
    var result = String.UnicodeScalarView()
    var afterPlaceholder = false
    for character in text {
      let scalars = character.unicodeScalars
      // A mark after a control began a cluster of its own; after a placeholder it would
      // join the placeholder, so it gets the dotted circle as its base.
      if afterPlaceholder, scalars.first!.extendsACluster { result.append("\u{25CC}") }
      for scalar in scalars {
        result.append(scalar.isTerminalControl ? scalar.placeholder : scalar)
      }
      afterPlaceholder = scalars.last!.isTerminalControl
    }
    return String(result)
  }
}

extension Unicode.Scalar {
  /// Whether a terminal could act on this scalar, or it could reorder or hide text:
  /// C0 and C1 controls, DEL, line and paragraph separators, format characters other
  /// than the joiners emoji and scripts need, and the few letters that prefix the next.
  var isTerminalControl: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
    case 0x200C, 0x200D: return false  // zero-width (non-)joiner
    case 0xE0020...0xE007F: return false  // tags, in subdivision flags
    // Letters that glue to whatever follows them (grapheme "prepend"), so a space or a
    // placeholder after one would vanish into it and a line would come up short.
    case 0x0D4E, 0x111C2, 0x111C3, 0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46,
      0x11F02, 0x113D1:
      return true
    default: return properties.generalCategory == .format
    }
  }

  /// Whether the scalar attaches to the character before it (a mark, a joiner, a
  /// variation selector, an emoji modifier) rather than starting a character.
  var extendsACluster: Bool {
    guard value >= 0x300 else { return false }
    // Asked of the standard library's own grapheme rules, so the two never disagree.
    return String(String.UnicodeScalarView(["a", self])).count == 1
  }

  /// What is drawn instead of a control: one column wide.
  var placeholder: Unicode.Scalar {
    switch value {
    case 0x00...0x1F: Unicode.Scalar(0x2400 + value)!  // ␀ … ␟
    case 0x7F: "\u{2421}"  // ␡
    case 0x2028, 0x2029: "\u{2424}"  // ␤
    default: "\u{FFFD}"  // �
    }
  }
}
