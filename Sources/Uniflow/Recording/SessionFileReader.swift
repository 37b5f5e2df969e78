#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
import Foundation

/// Reads the events of one reactor from a session file, a line at a time: the file is
/// read in chunks and never held whole, so a recording of any size takes the memory of
/// its longest line.
package final class SessionFileReader<Action: Decodable, Mutation: Decodable, State: Decodable> {
  /// One recorded event, with the line it came from.
  package enum Event {
    case action(number: Int, Action, line: Int)
    case mutation(MutationSource, Mutation, state: State, line: Int)
  }

  /// The longest line read: far above any real state, far below what would hurt.
  package static var lineLimit: Int { 64 << 20 }

  private let path: String
  private let descriptor: Int32
  private let reactorType: String
  private let occurrence: Int
  private let decoder = JSONDecoder()
  /// Read so far and not yet returned, from `start`.
  private var buffer: [UInt8] = []
  /// Where each read lands before it is added to `buffer`.
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var atEnd = false
  private var lineNumber = 0
  private var headersSeen = 0
  private var instances: Set<Int> = []
  private var reactorTypes: [String] = []
  private var chosen: Int?
  /// The state the chosen reactor was in when its recording began, once its header is
  /// read; `nil` before, or when the header does not hold it.
  package private(set) var startState: State?

  /// Opens `path` to read the `occurrence`-th reactor of type `reactorType` it records.
  package init(path: String, reactorType: String, occurrence: Int = 1)
    throws(SessionFileError)
  {
    self.path = path
    self.reactorType = reactorType
    self.occurrence = occurrence
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw .cannotRead(path: path, reason: "it is a folder")
    }
  }

  deinit { close(descriptor) }

  /// The next event of the chosen reactor, or `nil` at the end of the file.
  package func next() throws(SessionFileError) -> Event? {
    while let line = try nextLine() {
      let envelope: Envelope
      do {
        envelope = try decoder.decode(Envelope.self, from: line)
      } catch {
        throw .notJSON(path: path, line: lineNumber)
      }
      if envelope.kind == "header" {
        try readHeader(envelope, line: line)
        continue
      }
      guard lineNumber > 1, let instance = envelope.instance, instances.contains(instance)
      else { throw .missingHeader(path: path, line: lineNumber) }
      guard instance == chosen else { continue }
      switch envelope.kind {
      case "action":
        let payload = try decode(ActionLine.self, from: line, kind: "action", key: "action")
        return .action(number: envelope.number ?? 0, payload.action, line: lineNumber)
      case "mutation":
        let payload = try decode(MutationLine.self, from: line, kind: "mutation", key: "mutation")
        return .mutation(
          envelope.source ?? .hook, payload.mutation, state: payload.state, line: lineNumber)
      default:
        continue  // A kind of line a later format may add; nothing to replay in it.
      }
    }
    if chosen == nil {
      throw .wrongReactor(path: path, expected: reactorType, found: reactorTypes)
    }
    return nil
  }

  private func readHeader(_ header: Envelope, line: Data) throws(SessionFileError) {
    let schema = header.schema ?? 0
    if schema > SessionFormat.schemaVersion {
      throw .newerSchema(
        path: path, line: lineNumber, found: schema, supported: SessionFormat.schemaVersion)
    }
    guard let instance = header.instance, let type = header.reactor else {
      throw .missingHeader(path: path, line: lineNumber)
    }
    instances.insert(instance)
    reactorTypes.append(type)
    if type == reactorType, chosen == nil {
      headersSeen += 1
      if headersSeen == occurrence {
        chosen = instance
        startState = try decode(HeaderLine.self, from: line, kind: "header", key: "state").state
      }
    }
  }

  private func decode<Line: Decodable>(
    _ type: Line.Type, from line: Data, kind: String, key: String
  ) throws(SessionFileError) -> Line {
    do {
      return try decoder.decode(Line.self, from: line)
    } catch {
      throw .undecodable(
        path: path, line: lineNumber, kind: kind,
        caseName: Self.caseName(in: line, key: key), reason: Self.describe(error))
    }
  }

  /// The enum case a payload names: the one key of its object, as Swift's synthesized
  /// `Codable` writes it, or the string it is.
  private static func caseName(in line: Data, key: String) -> String? {
    let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any]
    switch object?[key] {
    case let payload as [String: Any] where payload.count == 1: return payload.keys.first
    case let text as String: return text
    default: return nil
    }
  }

  private static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .keyNotFound(let key, let context):
      return "no value for `\(key.stringValue)` at \(where: context.codingPath)."
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      return "\(context.debugDescription) (at \(where: context.codingPath))."
    @unknown default:
      return "\(error)"
    }
  }

  /// The next line without its line break, or `nil` at the end of the file.
  private func nextLine() throws(SessionFileError) -> Data? {
    var searchFrom = start
    while true {
      if let end = newline(from: searchFrom) {
        lineNumber += 1
        let line = Data(buffer[start..<end])
        start = end + 1
        if line.isEmpty { continue }
        return line
      }
      if atEnd {
        guard start == buffer.count else {
          throw .truncatedLine(path: path, line: lineNumber + 1)
        }
        return nil
      }
      if buffer.count - start > Self.lineLimit {
        throw .lineTooLong(path: path, line: lineNumber + 1, limit: Self.lineLimit)
      }
      // Keep only the line in progress, and search only what the next read adds.
      buffer.removeFirst(start)
      start = 0
      searchFrom = buffer.count
      try fill()
    }
  }

  /// The index of the first line break at or after `index`.
  private func newline(from index: Int) -> Int? {
    buffer.withUnsafeBytes { bytes in
      guard index < bytes.count,
        let found = memchr(bytes.baseAddress! + index, 0x0A, bytes.count - index)
      else { return nil }
      return bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
    }
  }

  private func fill() throws(SessionFileError) {
    var count: Int
    repeat {
      count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
    } while count < 0 && errno == EINTR
    guard count >= 0 else {
      throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
    }
    if count == 0 { atEnd = true }
    // Appended as a typed buffer, which is one copy; a raw slice goes a byte at a time.
    chunk.withUnsafeBufferPointer {
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count]))
    }
  }

  /// What every line has; the payloads are decoded once the reactor is known.
  private struct Envelope: Decodable {
    var kind: String
    var instance: Int?
    var schema: Int?
    var reactor: String?
    var number: Int?
    var source: MutationSource?
  }

  private struct HeaderLine: Decodable {
    var state: State?
  }

  private struct ActionLine: Decodable {
    var action: Action
  }

  private struct MutationLine: Decodable {
    var mutation: Mutation
    var state: State
  }
}

extension String.StringInterpolation {
  fileprivate mutating func appendInterpolation(where path: [any CodingKey]) {
    appendLiteral(path.isEmpty ? "the top" : path.map(\.stringValue).joined(separator: "."))
  }
}
