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
/// as they should.
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
    for scalar in text.unicodeScalars {
      result.append(scalar.isTerminalControl ? scalar.placeholder : scalar)
    }
    return String(result)
  }
}

extension Unicode.Scalar {
  /// Whether a terminal could act on this scalar, or it could reorder or hide text:
  /// C0 and C1 controls, DEL, line and paragraph separators, and format characters
  /// other than the joiners emoji and scripts need.
  var isTerminalControl: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
    case 0x200C, 0x200D: return false  // zero-width (non-)joiner
    case 0xE0020...0xE007F: return false  // tags, in subdivision flags
    default: return properties.generalCategory == .format
    }
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
