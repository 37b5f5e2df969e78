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
  package static var lineLimit: Int { SessionLineReader.lineLimit }

  private let path: String
  private let lines: SessionLineReader
  private let reactorType: String
  private let occurrence: Int
  private let decoder = JSONDecoder()
  private var lineNumber: Int { lines.lineNumber }
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
    lines = try SessionLineReader(path: path)
  }

  /// The next event of the chosen reactor, or `nil` at the end of the file.
  package func next() throws(SessionFileError) -> Event? {
    while let line = try lines.next() {
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
    guard let instance = header.instance else {
      throw .missingHeader(path: path, line: lineNumber)
    }
    guard let type = header.reactor else {
      // A stream's or a view model's recording: its lines are not this reader's.
      guard header.stream != nil || header.viewModel != nil else {
        throw .missingHeader(path: path, line: lineNumber)
      }
      instances.insert(instance)
      return
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

  /// What every line has; the payloads are decoded once the reactor is known.
  private struct Envelope: Decodable {
    var kind: String
    var instance: Int?
    var schema: Int?
    var reactor: String?
    var stream: String?
    var viewModel: String?
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
