import Foundation
import Testing

@testable import Uniflow

/// The session file's lines are put together by hand, byte by byte, for speed; these
/// check the hand-written parts against what Swift and `JSONSerialization` say.
@Suite struct SessionLineTests {
  func written(_ build: (inout LineBytes) -> Void) -> String {
    var line = LineBytes()
    build(&line)
    return String(decoding: line.bytes, as: UTF8.self)
  }

  @Test(arguments: [0, 7, 9, 10, 99, 100, 1_000, 12_345, -1, -10, -907, .max, .min])
  func integersAreWrittenAsSwiftWritesThem(number: Int) {
    #expect(written { $0.append(number) } == String(number))
  }

  @Test(arguments: [0.0, 0.001, 0.25, 1.999, 1_795_000_000.25, 1_795_000_000.0005])
  func timesAreWrittenInMilliseconds(seconds: Double) {
    let text = written { $0.append(seconds: seconds) }
    let milliseconds = Int((seconds * 1000).rounded())
    #expect(text == String(format: "%d.%03d", milliseconds / 1000, milliseconds % 1000))
  }

  @Test func eachSourceIsWrittenByItsName() throws {
    for source in [MutationSource.mutate, .effect, .hook] {
      let line = SessionLine.mutation(
        instance: 3, source: source, json: Data("1".utf8), state: Data("{}".utf8))
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
      #expect(object["source"] as? String == source.rawValue)
      #expect(object["instance"] as? Int == 3)
    }
  }
}

extension SessionLineTests {
  /// Names a hostile app or file could hold: quotes and backslashes, terminal escapes (ESC,
  /// OSC, BEL, the C1 CSI and NEL), emoji with variation selectors and skin tones,
  /// combining marks, a direction override, and a megabyte with NULs and line breaks.
  static let hostileNames = [
    "App.ListReactor",
    "App.\"Quoted\"\\Reactor",
    "App.\u{1B}[2J\u{1B}]0;title\u{07}Reactor",
    "App.\u{9B}31m\u{85}C1",
    "App.☁️👍🏽e\u{301}\u{302}\u{202E}Reactor",
    "App." + String(repeating: "é\u{0}\n", count: 260_000),
  ]

  /// A reactor's type name is written by hand into the header; whatever it holds, the line
  /// stays one line of JSON that reads back as the same text. (The cases are passed by
  /// index, so that the test's own log shows no escape sequence.)
  @Test(arguments: hostileNames.indices)
  func aHeaderHoldsAnyNameAsOneLineOfJSON(index: Int) throws {
    let name = Self.hostileNames[index]
    let line = SessionLine.header(instance: 1, reactor: name, state: Data("{}".utf8))
    #expect(!line.contains(UInt8(ascii: "\n")))
    #expect(!line.contains(0x1B))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
    #expect(object["reactor"] as? String == name)
  }
}
