/// Why a link could not be opened. A flow that gets one leaves its stack as it was and
/// shows the error; its ``description`` is safe to print: text from the link is shown with
/// control and direction characters escaped.
public enum DeepLinkError: Error, Equatable, Hashable, Sendable, Codable,
  CustomStringConvertible
{
  /// The link is longer than the limit; nothing of it was read.
  case tooLong(length: Int, limit: Int)
  /// The text is not a URL with a scheme.
  case notALink
  /// The link is for another app: its scheme is not the expected one.
  case foreignScheme(found: String, expected: String)
  /// A segment's percent-encoding is broken (`%G1`, a lone `%`, bytes that are not UTF-8).
  case badEncoding(segment: String)
  /// A segment holds, once decoded, a control or direction character (`%1B`, `%E2%80%AE`).
  case controlCharacter(segment: String)
  /// The app has no screen at this path.
  case unknownPath(String)
  /// The path stops where an id is needed, after `segment`.
  case missingID(after: String)
  /// An id is not a whole number.
  case invalidID(String)
  /// An id is a whole number too large (or small) to be one.
  case idOutOfRange(String)

  public var description: String {
    let text =
      switch self {
      case .tooLong(let length, let limit):
        "The link is \(length) characters long; links over \(limit) are not opened."
      case .notALink:
        "That is not a link."
      case .foreignScheme(let found, let expected):
        "A \(found): link is not for this app, which opens \(expected): links."
      case .badEncoding(let segment):
        "The link's part “\(segment)” is not properly encoded."
      case .controlCharacter(let segment):
        "The link's part “\(segment)” holds control characters."
      case .unknownPath(let path):
        "Nothing in the app is at “\(path)”."
      case .missingID(let segment):
        "The link needs a number after “\(segment)”."
      case .invalidID(let segment):
        "“\(segment)” is not a number."
      case .idOutOfRange(let segment):
        "“\(segment)” is too large a number."
      }
    return text.escapingControlCharacters
  }
}
