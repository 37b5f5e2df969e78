import Foundation

/// The lines of a session file, one JSON object each (JSON Lines).
///
/// ```
/// {"kind":"header","schema":1,"instance":1,"reactor":"TodoCore.TaskListViewReactor","library":"0.1.0","state":{…}}
/// {"kind":"action","instance":1,"number":1,"time":1795000000.250,"action":{"refresh":{}}}
/// {"kind":"mutation","instance":1,"source":"effect","mutation":{…},"state":{…}}
/// ```
///
/// A file may hold several reactors (the Todo app's list and each editor it opens): each
/// has a header of its own, with the state it was in when the recording began, and its
/// lines carry its `instance` number. The payloads are
/// the types' own `Codable` forms. Lines are assembled here rather than by one
/// `JSONEncoder` pass so that each payload is encoded once, with no wrapper type.
enum SessionLine {
  static func header(instance: Int, reactor: String, state: Data?) -> [UInt8] {
    var line = LineBytes(capacity: 128 + (state?.count ?? 0))
    line.append(#"{"kind":"header","schema":"#)
    line.append(SessionFormat.schemaVersion)
    line.append(#","instance":"#)
    line.append(instance)
    line.append(#","reactor":"#)
    line.append(quoted: reactor)
    line.append(#","library":"#)
    line.append(quoted: SessionFormat.libraryVersion)
    if let state {
      line.append(#","state":"#)
      line.append(json: state)
    }
    line.append("}")
    return line.bytes
  }

  /// The header of a stream's (`shape` "stream") or a view model's ("viewModel")
  /// recording: no state, since its inputs and outputs are all it has.
  static func header(instance: Int, shape: StaticString, type: String) -> [UInt8] {
    var line = LineBytes(capacity: 128)
    line.append(#"{"kind":"header","schema":"#)
    line.append(SessionFormat.schemaVersion)
    line.append(#","instance":"#)
    line.append(instance)
    line.append(#",""#)
    line.append(shape)
    line.append(#"":"#)
    line.append(quoted: type)
    line.append(#","library":"#)
    line.append(quoted: SessionFormat.libraryVersion)
    line.append("}")
    return line.bytes
  }

  /// A value sent into a stream's input or a view model's input publisher (`kind`
  /// "input", numbered), or one its output emitted ("output"). `json` is the value's own
  /// `Codable` form; a value that is not `Encodable` is written as its description.
  static func value(
    kind: StaticString, instance: Int, number: Int?, time: Double, name: String,
    json: Data?, description: String?
  ) -> [UInt8] {
    var line = LineBytes(capacity: 96 + (json?.count ?? 32))
    line.append(#"{"kind":""#)
    line.append(kind)
    line.append(#"","instance":"#)
    line.append(instance)
    if let number {
      line.append(#","number":"#)
      line.append(number)
    }
    line.append(#","time":"#)
    line.append(seconds: time)
    line.append(#","name":"#)
    line.append(quoted: name)
    if let json {
      line.append(#","value":"#)
      line.append(json: json)
    } else {
      line.append(#","described":"#)
      line.append(quoted: description ?? "")
    }
    line.append("}")
    return line.bytes
  }

  static func action(instance: Int, number: Int, time: Double, json: Data) -> [UInt8] {
    var line = LineBytes(capacity: 64 + json.count)
    line.append(#"{"kind":"action","instance":"#)
    line.append(instance)
    line.append(#","number":"#)
    line.append(number)
    line.append(#","time":"#)
    line.append(seconds: time)
    line.append(#","action":"#)
    line.append(json: json)
    line.append("}")
    return line.bytes
  }

  /// How long an action took on the main actor (`mutate`, the `reduce` of its synchronous
  /// mutations, and the observers of the states they made), in whole microseconds, less
  /// the recorder's own work. A reader that does not know the kind skips it.
  static func timing(instance: Int, number: Int, microseconds: Int) -> [UInt8] {
    var line = LineBytes(capacity: 80)
    line.append(#"{"kind":"timing","instance":"#)
    line.append(instance)
    line.append(#","number":"#)
    line.append(number)
    line.append(#","microseconds":"#)
    line.append(microseconds)
    line.append("}")
    return line.bytes
  }

  static func mutation(instance: Int, source: MutationSource, json: Data, state: Data)
    -> [UInt8]
  {
    var line = LineBytes(capacity: 64 + json.count + state.count)
    line.append(#"{"kind":"mutation","instance":"#)
    line.append(instance)
    line.append(#","source":"#)
    switch source {
    case .mutate: line.append(#""mutate""#)
    case .effect: line.append(#""effect""#)
    case .hook: line.append(#""hook""#)
    }
    line.append(#","mutation":"#)
    line.append(json: json)
    line.append(#","state":"#)
    line.append(json: state)
    line.append("}")
    return line.bytes
  }
}

/// A line's UTF-8 bytes, appended piece by piece. Recording writes three lines per action,
/// so they are assembled as bytes: string interpolation cost about 300 ns a line here.
struct LineBytes {
  var bytes: [UInt8] = []

  init(capacity: Int = 128) {
    bytes.reserveCapacity(capacity)
  }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Text made at run time. Named apart from the `StaticString` method: a literal would
  /// pick this one (a literal's default type is `String`), and walking a string's UTF-8
  /// view costs several times a copy of the literal's bytes.
  mutating func append(string text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  mutating func append(json: Data) {
    // Through the buffer: one copy, not a walk of `Data`'s iterator.
    json.withUnsafeBytes { bytes.append(contentsOf: $0) }
  }

  /// `time` in seconds with three decimals (milliseconds): `1795000000.250`. Written by
  /// hand, since `Double.description` cost about 200 ns a line.
  mutating func append(seconds time: Double) {
    guard time.isFinite, time >= 0, time < 1e15 else {
      append(string: time.isFinite ? time.description : "0")
      return
    }
    let milliseconds = Int((time * 1000).rounded())
    append(milliseconds / 1000)
    bytes.append(UInt8(ascii: "."))
    let fraction = milliseconds % 1000
    bytes.append(UInt8(ascii: "0") + UInt8(fraction / 100))
    bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
    bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
  }

  /// `number` in decimal digits, the first digit first (reversing them afterwards, through
  /// a slice of the array, cost more than the rest of the line).
  mutating func append(_ number: Int) {
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = number.magnitude
    var place: UInt = 1
    while place <= magnitude / 10 { place *= 10 }
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude / place % 10))
      place /= 10
    } while place > 0
  }

  /// `text` as a JSON string literal.
  mutating func append(quoted text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case ..<0x20:
        append("\\u00")
        let digits = Array("0123456789abcdef".utf8)
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0xF)])
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
