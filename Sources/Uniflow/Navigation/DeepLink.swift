import Foundation

/// A link into the app, read and checked: its scheme is the app's, it is not too long,
/// and each path segment is decoded and free of control and direction characters. The app
/// maps the segments to a flow's path; opening the link is then setting state.
///
/// ```swift
/// let link = try DeepLink("products://product/12/creator", scheme: "products")
/// link.segments              // ["product", "12", "creator"]
/// try link.id(after: 0)      // 12
/// ```
///
/// The host counts as the first segment, so `products://product/12` and
/// `products:/product/12` read the same. The query and the fragment are ignored.
public struct DeepLink: Equatable, Hashable, Sendable {
  /// The longest link read, in characters; a longer one is refused unread.
  public static let defaultLimit = 2_048

  /// The scheme, in lower case.
  public let scheme: String
  /// The host and the path's segments, percent-decoded, empty ones left out.
  public let segments: [String]

  /// Reads `text` as a link of `scheme`; throws a ``DeepLinkError`` naming the first
  /// problem.
  public init(_ text: String, scheme: String, limit: Int = DeepLink.defaultLimit)
    throws(DeepLinkError)
  {
    let length = text.utf8.count
    guard length <= limit else { throw .tooLong(length: length, limit: limit) }
    guard let components = URLComponents(string: text), let found = components.scheme else {
      throw .notALink
    }
    guard found.lowercased() == scheme.lowercased() else {
      throw .foreignScheme(found: found, expected: scheme)
    }
    var raw: [Substring] = []
    if let host = components.percentEncodedHost, !host.isEmpty { raw.append(Substring(host)) }
    raw += components.percentEncodedPath.split(separator: "/")
    var segments: [String] = []
    for part in raw {
      guard let decoded = part.removingPercentEncoding else {
        throw .badEncoding(segment: String(part))
      }
      if decoded.unicodeScalars.contains(where: \.isControlOrDirection) {
        throw .controlCharacter(segment: decoded)
      }
      segments.append(decoded)
    }
    self.scheme = found.lowercased()
    self.segments = segments
  }

  /// The whole number in the segment after `index`: the id that follows a word such as
  /// `product`.
  public func id(after index: Int) throws(DeepLinkError) -> Int {
    let word = segments.indices.contains(index) ? segments[index] : ""
    guard segments.indices.contains(index + 1) else { throw .missingID(after: word) }
    let text = segments[index + 1]
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw .invalidID(text)
    }
    guard let id = Int(text) else { throw .idOutOfRange(text) }
    return id
  }

  /// The path as it was read, `product/12/creator`, for messages.
  public var path: String { segments.joined(separator: "/") }
}
