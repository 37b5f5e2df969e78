import Foundation
import Testing
import Uniflow
import UniflowTesting

@testable import UniflowSessions

/// The viewer page embeds the session as JSON that no text from the app can break out of.
@Suite struct SessionPageTests {
  func session(_ lines: [String]) throws -> SessionContents {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "page-\(UUID().uuidString).jsonl")
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try SessionContents(path: url.path)
  }

  @Test func textFromTheAppCannotEndTheScriptElementOrOpenMarkup() throws {
    let hostile = #"</script><img src=x onerror=alert(1)>&amp; \u2028\u2029"#
    let contents = try session([
      #"{"kind":"header","schema":1,"instance":1,"reactor":"A.B","state":{"title":""}}"#,
      #"{"kind":"action","instance":1,"number":1,"time":1.5,"action":{"set":{"_0":"\#(hostile)"}}}"#,
    ])
    let json = SessionPage.safeInScript(SessionPage.data(for: contents, named: "x", tests: [:]))
    let text = String(decoding: json, as: UTF8.self)
    #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"))
    #expect(!text.contains("\u{2028}") && !text.contains("\u{2029}"))
    // It still means the same.
    let object = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any]
    let recordings = object?["recordings"] as? [[String: Any]]
    let step = (recordings?.first?["steps"] as? [[String: Any]])?.first
    let value = (step?["v"] as? [String: Any])?["set"] as? [String: Any]
    #expect(
      value?["_0"] as? String == "</script><img src=x onerror=alert(1)>&amp; \u{2028}\u{2029}")
  }

  @Test func thePageHoldsEverythingAndAsksTheNetworkForNothing() throws {
    let contents = try session([
      #"{"kind":"header","schema":1,"instance":1,"stream":"A.S"}"#,
      #"{"kind":"input","instance":1,"number":1,"time":2,"name":"query","value":"swift"}"#,
      #"{"kind":"output","instance":1,"time":2.5,"name":"done","described":"Thing()"}"#,
    ])
    let html = try SessionPage.html(for: contents, named: "s.jsonl")
    #expect(html.contains("default-src 'none'"))
    // The one address is SVG's namespace, a name the chart's elements are made in, which
    // is never fetched.
    let addresses = html.replacingOccurrences(of: "\"http://www.w3.org/2000/svg\"", with: "")
    #expect(!addresses.contains("http://") && !addresses.contains("https://"))
    #expect(!html.contains("src=\""))
    #expect(html.contains(#""shape":"stream""#) && html.contains(#""d":"Thing()""#))
    #expect(!html.contains("/*SESSION*/") && !html.contains("/*HIDDEN*/"))
  }

  @Test func anActionsTimingGoesOnItsStepAndIsNotAStepOfItsOwn() throws {
    let contents = try session([
      #"{"kind":"header","schema":1,"instance":1,"reactor":"A.R","state":{}}"#,
      #"{"kind":"action","instance":1,"number":1,"time":2,"action":{"go":{}}}"#,
      #"{"kind":"mutation","instance":1,"source":"mutate","mutation":{"went":{}},"state":{}}"#,
      #"{"kind":"timing","instance":1,"number":1,"microseconds":17250}"#,
    ])
    #expect(contents.recordings[0].steps.map(\.kind) == ["action", "mutation"])
    #expect(contents.recordings[0].steps.map(\.microseconds) == [17250, nil])
    let html = try SessionPage.html(for: contents, named: "s.jsonl")
    #expect(html.contains(#""k":"action","num":1,"t":2.0,"v":{"go":{}},"us":17250}"#))
  }

  @Test func aTimingLineThatLiesIsLeftOutAndOneWithNoRecordingIsRefused() throws {
    // A time that is text, one too large for an Int, and one for an action never recorded:
    // none reaches a step, and no step is made of them.
    let contents = try session([
      #"{"kind":"header","schema":1,"instance":1,"reactor":"A.R","state":{}}"#,
      #"{"kind":"action","instance":1,"number":1,"time":2,"action":{"go":{}}}"#,
      #"{"kind":"timing","instance":1,"number":1,"microseconds":"\u001b[2J"}"#,
      #"{"kind":"action","instance":1,"number":2,"time":3,"action":{"go":{}}}"#,
      #"{"kind":"timing","instance":1,"number":2,"microseconds":1e300}"#,
      #"{"kind":"timing","instance":1,"number":99,"microseconds":5}"#,
    ])
    #expect(contents.recordings[0].steps.map(\.kind) == ["action", "action"])
    #expect(contents.recordings[0].steps.map(\.microseconds) == [nil, nil])
    let html = try SessionPage.html(for: contents, named: "s.jsonl")
    #expect(!html.contains(#""us":"#))

    #expect(throws: SessionFileError.self) {
      try session([
        #"{"kind":"header","schema":1,"instance":1,"reactor":"A.R","state":{}}"#,
        #"{"kind":"timing","instance":7,"number":1,"microseconds":5}"#,
      ])
    }
  }
}
