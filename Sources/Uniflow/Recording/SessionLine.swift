/// The lines of a session file, one JSON object each (JSON Lines).
///
/// ```
/// {"kind":"header","schema":1,"instance":1,"reactor":"TodoCore.TaskListViewReactor","library":"0.1.0"}
/// {"kind":"action","instance":1,"number":1,"time":1795000000.25,"action":{"refresh":{}}}
/// {"kind":"mutation","instance":1,"source":"effect","mutation":{…},"state":{…}}
/// ```
///
/// A file may hold several reactors (the Todo app's list and each editor it opens): each
/// has a header of its own, and its lines carry its `instance` number. The payloads are
/// the types' own `Codable` forms. Lines are assembled here rather than by one
/// `JSONEncoder` pass so that each payload is encoded once, with no wrapper type.
enum SessionLine {
  static func header(instance: Int, reactor: String) -> String {
    #"{"kind":"header","schema":\#(SessionFormat.schemaVersion),"instance":\#(instance),"#
      + #""reactor":\#(quoted(reactor)),"library":\#(quoted(SessionFormat.libraryVersion))}"#
  }

  static func action(instance: Int, number: Int, time: Double, json: String) -> String {
    #"{"kind":"action","instance":\#(instance),"number":\#(number),"time":\#(time),"#
      + #""action":\#(json)}"#
  }

  static func mutation(instance: Int, source: MutationSource, json: String, state: String)
    -> String
  {
    #"{"kind":"mutation","instance":\#(instance),"source":"\#(source.rawValue)","#
      + #""mutation":\#(json),"state":\#(state)}"#
  }

  /// `text` as a JSON string literal.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.value < 0x20:
        result += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
