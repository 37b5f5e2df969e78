import Foundation
import PropertyBased
import Testing
import Uniflow
import UniflowTesting

/// For random runs of `NotesReactor` (actions, server answers that come or not, events
/// from the hook, hostile text), replaying the recording reaches every recorded state.
@MainActor
@Suite struct ReplayPropertyTests {
  /// Text a user or a server could send: empty, escapes, a line break, quotes, a NUL,
  /// a ZWJ family, a combining mark, a backslash.
  static let texts = [
    "", "milk", "\u{1B}[31mred\u{1B}[0m", "line\nbreak", "\"quoted\"", "👩‍👩‍👧", "\u{0}", "e\u{301}",
    "\\", "\u{9B}2J",
  ]

  @Test func replayingARecordingReachesTheSameStates() async {
    await propertyCheck(
      count: 100, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...40), Gen.bool
    ) { codes, redacts in
      let redaction = redacts ? NotesReactor.redaction : .none
      let recorder = SessionRecorder.inMemory()
      let reactor = NotesReactor()
      reactor.record(into: recorder, redacting: redaction)
      for code in codes { Self.run(code, on: reactor) }

      let file = try! TemporaryFile(contents: recorder.lines.joined(separator: "\n") + "\n")
      let tester = try! ReactorTester(
        replaying: file.path, reactor: NotesReactor(), redacting: redaction)
      #expect(tester.replayed.matched, "codes: \(codes)")
      #expect(
        redaction.state(tester.reactor.currentState) == redaction.state(reactor.currentState),
        "codes: \(codes)")
    }
  }

  /// One step of a run, chosen by `code`.
  static func run(_ code: Int, on reactor: NotesReactor) {
    let text = texts[(code / 6) % texts.count]
    switch code % 6 {
    case 0: reactor.send(.add(text))
    case 1: reactor.send(.toggle((code / 6) % 5))
    case 2:
      reactor.send(.load)
      reactor.server.send(Array(texts.prefix((code / 6) % 4)))
    case 3: reactor.send(.load)  // an answer that may come with a later load, or never
    case 4: reactor.events.send(.append(text))
    default: reactor.send(.setPassword(text))
    }
  }
}
