import Foundation
import FuzzSupport
import UniflowSessions
import UniflowTesting

// The session viewer's page, from any session file that reads: the page is the viewer's
// template with the session put in one `<script type="application/json">` element. The
// checker (`PageCheck`) says why a page is unsafe: markup outside the template, text that
// ends the element or opens another, a line separator that breaks a script, or a session
// that does not read back as the same JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzViewerPage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  Finding.fuzz(data, size, cpuSeconds: 1, checkPage)
}

func checkPage(_ bytes: [UInt8]) {
  var input = FuzzInput(bytes)
  // The first bytes name the file (which the page shows as its title) and give a test to
  // copy; the rest is the session.
  let name = input.text(maxLength: 24)
  let test = input.text(maxLength: 24)
  let path = TemporaryFile.shared.write(input.rest())
  guard let contents = try? SessionContents(path: path) else { return }
  let tests = Dictionary(
    contents.recordings.map { ($0.instance, test) }, uniquingKeysWith: { first, _ in first })
  let page: String
  do {
    page = try SessionPage.html(for: contents, named: name, tests: tests)
  } catch {
    Finding.report("the page was not written: \(error)")
  }
  if let problem = PageCheck.problem(in: page, template: PageCheck.template) {
    Finding.report(problem)
  }
  if let problem = PageCheck.problem(in: page, name: name, test: test, contents: contents) {
    Finding.report(problem)
  }
}

/// Why a session's page is unsafe, or `nil` when it is not.
enum PageCheck {
  static let opening = #"<script type="application/json" id="session">"#

  /// The page for a session with nothing in it: every part of the page but the session.
  static let template: (before: Substring, after: Substring) = {
    let page = (try? SessionPage.html(for: empty(), named: "", tests: [:])) ?? ""
    guard let start = page.range(of: opening),
      let end = page.range(of: "</script>", range: start.upperBound..<page.endIndex)
    else { Finding.report("the viewer's template has no session element") }
    return (page[..<start.upperBound], page[end.lowerBound...])
  }()

  static func problem(in page: String, template: (before: Substring, after: Substring))
    -> String?
  {
    guard page.hasPrefix(template.before) else {
      return "the page before the session differs from the template"
    }
    guard page.hasSuffix(template.after) else {
      return "the page after the session differs from the template"
    }
    let json = page.dropFirst(template.before.count).dropLast(template.after.count)
    for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] where json.contains(forbidden) {
      return "the session's JSON holds a raw \(forbidden.unicodeScalars.first!.swiftEscapeText)"
        + ", which can end the script element or open markup"
    }
    guard
      (try? JSONSerialization.jsonObject(with: Data(json.utf8))) is [String: Any]
    else {
      return "the session's JSON does not parse"
    }
    return nil
  }

  /// The text the page shows reads back as written: the file's name, each recording's
  /// type and test, each step's name and description.
  static func problem(in page: String, name: String, test: String, contents: SessionContents)
    -> String?
  {
    guard let start = page.range(of: opening),
      let end = page.range(of: "</script>", range: start.upperBound..<page.endIndex),
      let session = try? JSONSerialization.jsonObject(
        with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any],
      let recordings = session["recordings"] as? [[String: Any]]
    else { return "the session's JSON does not parse" }
    guard session["file"] as? String == name else {
      return "the file's name reads back as \(String(describing: session["file"]))"
    }
    guard recordings.count == contents.recordings.count else {
      return "\(recordings.count) recordings on the page, \(contents.recordings.count) in the file"
    }
    for (shown, recording) in zip(recordings, contents.recordings) {
      guard shown["type"] as? String == recording.type, shown["test"] as? String == test else {
        return "recording \(recording.instance)'s type or test reads back differently"
      }
      let steps = shown["steps"] as? [[String: Any]] ?? []
      guard steps.count == recording.steps.count else {
        return "recording \(recording.instance) shows \(steps.count) of its steps"
      }
      for (step, read) in zip(steps, recording.steps)
      where step["m"] as? String != read.name || step["d"] as? String != read.described {
        return "line \(read.line)'s name or description reads back differently"
      }
    }
    return nil
  }

  private static func empty() -> SessionContents {
    let path = TemporaryFile.shared.write(
      Array((#"{"kind":"header","schema":1,"instance":1,"reactor":"A.B"}"# + "\n").utf8))
    guard let contents = try? SessionContents(path: path) else {
      Finding.report("the smallest session did not read")
    }
    return contents
  }
}

extension Unicode.Scalar {
  fileprivate var swiftEscapeText: String { "U+" + String(value, radix: 16, uppercase: true) }
}
