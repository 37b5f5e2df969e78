import Foundation
import Uniflow
import UniflowTesting

/// The session viewer: one self-contained HTML page (no network, no CDN) that shows every
/// recording of a session file, its steps on a timeline, and for each step its value, the
/// state after it and a diff against the state before.
///
/// ```swift
/// let contents = try SessionContents(path: "bug-1234.jsonl")
/// let html = try SessionPage.html(for: contents, named: "bug-1234.jsonl")
/// ```
///
/// The session is embedded as JSON in a `<script type="application/json">` element, with
/// `<`, `>`, `&` and the line separators written as `\u` escapes, so that no text from the
/// app (`</script>`, an `onerror=` attribute) can end the element or open markup; the page
/// shows it with `textContent` only, and control and direction characters escaped.
public enum SessionPage {
  /// The page for `contents`; `name` is the session file's name, shown as the title;
  /// `tests` holds, by recording instance, the test `uniflow test-from-recording` writes
  /// for it with step markers (`SessionTestWriter.marksSteps`), for "Copy as test".
  public static func html(
    for contents: SessionContents, named name: String, tests: [Int: String] = [:]
  ) throws -> String {
    guard
      let url = Bundle.module.url(
        forResource: "session-viewer", withExtension: "html",
        subdirectory: "Viewer")
    else { throw CocoaError(.fileNoSuchFile) }
    var page = try String(contentsOf: url, encoding: .utf8)
    // The characters the page shows escaped are the library's (`HiddenCharacters`), so the
    // page, messages and generated Swift cannot drift apart. Put in before the session, so
    // that a session holding the placeholder's text changes nothing.
    guard let hidden = page.range(of: "/*HIDDEN*/") else { throw CocoaError(.fileReadCorruptFile) }
    page.replaceSubrange(hidden, with: HiddenCharacters.javaScriptPattern)
    let json = safeInScript(data(for: contents, named: name, tests: tests))
    guard let session = page.range(of: "/*SESSION*/") else {
      throw CocoaError(.fileReadCorruptFile)
    }
    return page.replacingCharacters(in: session, with: String(decoding: json, as: UTF8.self))
  }

  /// The session as the page reads it:
  /// `{"file", "recordings": [{"instance", "shape", "type", "line", "start", "test",
  /// "steps": [{"l", "k", "num", "t", "s", "m", "v", "d", "st", "us"}]}]}`; `us` is an
  /// action's time on the main actor, in microseconds. The payloads are the
  /// file's own JSON, copied, not decoded and encoded again.
  static func data(for contents: SessionContents, named name: String, tests: [Int: String])
    -> [UInt8]
  {
    var out: [UInt8] = []
    out.reserveCapacity(contents.lines.reduce(0) { $0 + $1.count } + 4096)
    func append(_ text: String) { out.append(contentsOf: text.utf8) }
    func append(_ data: Data) { data.withUnsafeBytes { out.append(contentsOf: $0) } }
    func appendString(_ text: String) { append(quoted(text)) }

    append(#"{"file":"#)
    appendString(name)
    append(#","recordings":["#)
    for (index, recording) in contents.recordings.enumerated() {
      if index > 0 { append(",") }
      append(#"{"instance":\#(recording.instance),"shape":"#)
      appendString(recording.shape.rawValue)
      append(#","type":"#)
      appendString(recording.type)
      append(#","line":\#(recording.line),"start":"#)
      if let start = recording.startState { append(start) } else { append("null") }
      append(#","test":"#)
      if let test = tests[recording.instance] { appendString(test) } else { append("null") }
      append(#","steps":["#)
      for (stepIndex, step) in recording.steps.enumerated() {
        if stepIndex > 0 { append(",") }
        append(#"{"l":\#(step.line),"k":"#)
        appendString(step.kind)
        if let number = step.number { append(#","num":\#(number)"#) }
        if let time = step.time, time.isFinite { append(#","t":\#(time)"#) }
        if let source = step.source {
          append(#","s":"#)
          appendString(source.rawValue)
        }
        if let name = step.name {
          append(#","m":"#)
          appendString(name)
        }
        if let value = step.value {
          append(#","v":"#)
          append(value)
        }
        if let described = step.described {
          append(#","d":"#)
          appendString(described)
        }
        if let state = step.state {
          append(#","st":"#)
          append(state)
        }
        if let microseconds = step.microseconds { append(#","us":\#(microseconds)"#) }
        append("}")
      }
      append("]}")
    }
    append("]}")
    return out
  }

  /// `text` as a JSON string.
  static func quoted(_ text: String) -> String {
    let data =
      (try? JSONSerialization.data(withJSONObject: [text], options: [])) ?? Data("[\"\"]".utf8)
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
  }

  /// JSON that is safe inside a `<script>` element: `<`, `>` and `&` (which only occur
  /// inside strings in JSON) as `\u003c`, `\u003e`, `\u0026`, and U+2028 and U+2029 as
  /// `\u2028` and `\u2029`. The JSON still means the same.
  static func safeInScript(_ json: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(json.count + json.count / 64)
    var index = 0
    while index < json.count {
      let byte = json[index]
      switch byte {
      case UInt8(ascii: "<"): out.append(contentsOf: Array(#"\u003c"#.utf8))
      case UInt8(ascii: ">"): out.append(contentsOf: Array(#"\u003e"#.utf8))
      case UInt8(ascii: "&"): out.append(contentsOf: Array(#"\u0026"#.utf8))
      case 0xE2
      where index + 2 < json.count && json[index + 1] == 0x80
        && (json[index + 2] == 0xA8 || json[index + 2] == 0xA9):
        out.append(contentsOf: Array((json[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8))
        index += 2
      default: out.append(byte)
      }
      index += 1
    }
    return out
  }
}
