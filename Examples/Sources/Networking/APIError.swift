import Foundation

/// Why a request gave no response value.
public enum APIError: Error, Equatable, CustomStringConvertible {
  /// The request never got an HTTP answer: no connection, a timeout, a dropped line.
  case transport(code: URLError.Code, message: String)
  /// The server answered with a status outside 200–299. `message` is the body's own
  /// explanation when it has one (`{"message": …}`, `{"error": {"info": …}}` or plain
  /// text); `retryAfter` is the `Retry-After` header in seconds (sent with 429 and 503).
  case httpStatus(code: Int, message: String?, retryAfter: TimeInterval?)
  /// The body was not the JSON the endpoint expects; `path` names where it differed
  /// (`items[0].full_name`), empty when the body was not JSON at all.
  case decoding(path: String, message: String)
  /// The response's body was larger than the client takes (``APIClient/maximumBodySize``);
  /// the rest was not read.
  case bodyTooLarge(limit: Int)
  /// The base URL and the endpoint's path do not make a URL.
  case invalidURL(String)

  public var description: String {
    switch self {
    case .transport(let code, let message):
      code == .timedOut ? "the server did not answer in time" : "network error: \(message)"
    case .httpStatus(let code, let message, let retryAfter):
      "HTTP \(code)" + (message.map { ": \($0)" } ?? "")
        + (retryAfter.flatMap { Int(exactly: $0.rounded()) }.map { " (retry after \($0) s)" }
          ?? "")
    case .decoding(let path, let message):
      path.isEmpty
        ? "unexpected response: \(message)" : "unexpected response at \(path): \(message)"
    case .bodyTooLarge(let limit):
      "the server's answer is larger than \(limit / 1024) KiB; it was cut off"
    case .invalidURL(let url):
      "invalid URL: \(url)"
    }
  }
}

extension APIError {
  /// The error for a `DecodingError`, naming the JSON path where decoding failed.
  init(_ error: DecodingError) {
    switch error {
    case .keyNotFound(let key, let context):
      self = .decoding(
        path: Self.path(context.codingPath + [key]), message: "the key is missing")
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      self = .decoding(path: Self.path(context.codingPath), message: context.debugDescription)
    @unknown default:
      self = .decoding(path: "", message: "\(error)")
    }
  }

  /// `items[0].owner.login` for the keys items, 0, owner, login.
  static func path(_ keys: [any CodingKey]) -> String {
    keys.reduce(into: "") { path, key in
      if let index = key.intValue {
        path += "[\(index)]"
      } else {
        path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
  }

  /// The error for a non-2xx response.
  init(status: Int, body: Data, headers: [AnyHashable: Any]) {
    self = .httpStatus(
      code: status, message: Self.message(in: body),
      retryAfter: Self.retryAfter(headers))
  }

  private static func message(in body: Data) -> String? {
    if let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
      if let message = json["message"] as? String { return message }
      if let error = json["error"] as? [String: Any], let info = error["info"] as? String {
        return info
      }
      if let error = json["error"] as? String { return error }
      return nil
    }
    let text = String(decoding: body.prefix(200), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty || text.hasPrefix("<") ? nil : text
  }

  /// The longest wait a `Retry-After` header is believed for: a day.
  static let longestRetryAfter: TimeInterval = 86_400

  /// The `Retry-After` header as seconds, read as untrusted input: either ASCII digits
  /// (RFC 9110's delay-seconds; no sign, exponent, `nan` or `inf`) or an HTTP date, and
  /// in either case no more than ``longestRetryAfter``. Anything else is no header.
  private static func retryAfter(_ headers: [AnyHashable: Any]) -> TimeInterval? {
    let value = headers.first { ($0.key as? String)?.lowercased() == "retry-after" }?.value
    guard let text = (value as? String)?.trimmingCharacters(in: .whitespaces) else { return nil }
    if !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    {
      // Too many digits for an Int is beyond any believable wait, too.
      guard let seconds = Int(text), seconds <= Int(longestRetryAfter) else { return nil }
      return TimeInterval(seconds)
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: text) else { return nil }
    let seconds = max(0, date.timeIntervalSinceNow.rounded())
    return seconds <= longestRetryAfter ? seconds : nil
  }
}

// Codable so that a recorded session keeps the errors a screen showed, and a replay can
// show them again; `URLError.Code` goes as its number.
extension APIError: Codable {
  private enum CodingKeys: String, CodingKey {
    case transport, httpStatus, decoding, bodyTooLarge, invalidURL
  }

  private struct Transport: Codable {
    var code: Int
    var message: String
  }

  private struct HTTPStatus: Codable {
    var code: Int
    var message: String?
    var retryAfter: TimeInterval?
  }

  private struct Decoding: Codable {
    var path: String
    var message: String
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .transport(let code, let message):
      try container.encode(Transport(code: code.rawValue, message: message), forKey: .transport)
    case .httpStatus(let code, let message, let retryAfter):
      try container.encode(
        HTTPStatus(code: code, message: message, retryAfter: retryAfter), forKey: .httpStatus)
    case .decoding(let path, let message):
      try container.encode(Decoding(path: path, message: message), forKey: .decoding)
    case .bodyTooLarge(let limit):
      try container.encode(limit, forKey: .bodyTooLarge)
    case .invalidURL(let url):
      try container.encode(url, forKey: .invalidURL)
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let transport = try container.decodeIfPresent(Transport.self, forKey: .transport) {
      self = .transport(
        code: URLError.Code(rawValue: transport.code) ?? .unknown, message: transport.message)
    } else if let status = try container.decodeIfPresent(HTTPStatus.self, forKey: .httpStatus) {
      self = .httpStatus(code: status.code, message: status.message, retryAfter: status.retryAfter)
    } else if let decoding = try container.decodeIfPresent(Decoding.self, forKey: .decoding) {
      self = .decoding(path: decoding.path, message: decoding.message)
    } else if let limit = try container.decodeIfPresent(Int.self, forKey: .bodyTooLarge) {
      self = .bodyTooLarge(limit: limit)
    } else if let url = try container.decodeIfPresent(String.self, forKey: .invalidURL) {
      self = .invalidURL(url)
    } else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not an APIError"))
    }
  }
}
