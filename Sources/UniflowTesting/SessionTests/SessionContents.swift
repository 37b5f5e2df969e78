import Foundation
import Uniflow

/// Everything a session file records, read without the app's types: each recording (a
/// reactor's, a stream's or a view model's) and its steps, with their payloads as JSON.
/// For tools that show a session (`uniflow view`) and for replays that drive a stream.
///
/// ```swift
/// let contents = try SessionContents(path: "bug-1234.jsonl")
/// for recording in contents.recordings {
///   print(recording.type, recording.steps.count)   // TodoCore.TaskListViewReactor 42
/// }
/// ```
///
/// A file that is not a session, one cut off mid-line, one with a line over
/// `SessionLineReader.lineLimit` or written in a newer format is refused with the
/// `SessionFileError` a replay gives; nothing is returned.
public struct SessionContents: Sendable {
  /// What a recording records.
  public enum Shape: String, Sendable, Equatable {
    case reactor, stream, viewModel
  }

  /// One reactor, stream or view model, from its header on.
  public struct Recording: Sendable, Equatable {
    /// Its number in the file, which its lines carry.
    public let instance: Int
    public let shape: Shape
    /// Its type, `Module.Type`.
    public let type: String
    /// The line of its header.
    public let line: Int
    /// A reactor's state when the recording began, as JSON; `nil` for a stream's or a
    /// view model's recording.
    public let startState: Data?
    /// Its steps, in the order they were written.
    public internal(set) var steps: [Step] = []
  }

  /// One line after a header: an action or a mutation of a reactor, an input or an output
  /// of a stream or a view model.
  public struct Step: Sendable, Equatable {
    /// The line in the file, from 1.
    public let line: Int
    /// `action`, `mutation`, `input` or `output`.
    public let kind: String
    /// An action's or an input's number, from 1.
    public let number: Int?
    /// When an action, an input or an output happened, in seconds since 1970; `nil` for a
    /// mutation (it follows its action).
    public let time: Double?
    /// Where a mutation came from.
    public let source: MutationSource?
    /// An input's or an output's name.
    public let name: String?
    /// The action, mutation or value as JSON (`null` for a `nil` value); `nil` for a value
    /// that was not `Encodable`.
    public let value: Data?
    /// A value that was not `Encodable`, as its description.
    public let described: String?
    /// A reactor's state after a mutation, as JSON.
    public let state: Data?
    /// For a reactor's action: how long it took on the main actor (`mutate`, the `reduce`
    /// of its synchronous mutations, and their observers), in microseconds, less the
    /// recorder's own work; from the file's `timing` line, which is not a step of its own.
    public internal(set) var microseconds: Int?
  }

  /// The recordings, in the order their headers come.
  public private(set) var recordings: [Recording] = []
  /// Every line of the file that holds something, as read, in order: a header or a step.
  public private(set) var lines: [Data] = []

  /// Reads the session file at `path`.
  public init(path: String) throws(SessionFileError) {
    let reader = try SessionLineReader(path: path)
    var byInstance: [Int: Int] = [:]
    while let line = try reader.next() {
      let number = reader.lineNumber
      guard let object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any],
        let kind = object["kind"] as? String
      else { throw .notJSON(path: path, line: number) }
      if kind == "header" {
        let schema = object["schema"] as? Int ?? 0
        if schema > SessionFormat.schemaVersion {
          throw .newerSchema(
            path: path, line: number, found: schema, supported: SessionFormat.schemaVersion)
        }
        guard let instance = object["instance"] as? Int, let (shape, type) = Self.shape(of: object)
        else { throw .missingHeader(path: path, line: number) }
        byInstance[instance] = recordings.count
        recordings.append(
          Recording(
            instance: instance, shape: shape, type: type, line: number,
            startState: Self.json(object["state"])))
      } else if kind == "timing" {
        // The duration of an action already read: kept on that action's step.
        guard let instance = object["instance"] as? Int, let index = byInstance[instance] else {
          throw .missingHeader(path: path, line: number)
        }
        let action = object["number"] as? Int
        if let step = recordings[index].steps.lastIndex(where: {
          $0.kind == "action" && $0.number == action
        }) {
          recordings[index].steps[step].microseconds = object["microseconds"] as? Int
        }
      } else {
        guard let instance = object["instance"] as? Int, let index = byInstance[instance] else {
          throw .missingHeader(path: path, line: number)
        }
        recordings[index].steps.append(
          Step(
            line: number, kind: kind, number: object["number"] as? Int,
            time: object["time"] as? Double,
            source: (object["source"] as? String).flatMap(MutationSource.init(rawValue:)),
            name: object["name"] as? String,
            value: Self.json(object[kind] ?? object["value"]),
            described: object["described"] as? String, state: Self.json(object["state"])))
      }
      lines.append(line)
    }
    guard !recordings.isEmpty else { throw .missingHeader(path: path, line: 1) }
  }

  private static func shape(of header: [String: Any]) -> (Shape, String)? {
    if let type = header["reactor"] as? String { return (.reactor, type) }
    if let type = header["stream"] as? String { return (.stream, type) }
    if let type = header["viewModel"] as? String { return (.viewModel, type) }
    return nil
  }

  private static func json(_ value: Any?) -> Data? {
    guard let value else { return nil }
    if value is NSNull { return Data("null".utf8) }
    return try? JSONSerialization.data(
      withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
  }
}
