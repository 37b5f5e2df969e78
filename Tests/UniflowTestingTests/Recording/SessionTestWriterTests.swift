import Foundation
import Testing
import Uniflow
@testable import UniflowTesting

/// `SessionTestWriter`: a recording becomes a test a person could have written.
@MainActor
@Suite struct SessionTestWriterTests {
  @Test func aSessionBecomesSendsAndReceivesWithTheStateEachChanged() throws {
    let file = try TemporaryFile()
    let reactor = NotesReactor()
    reactor.record(into: try SessionRecorder(creatingFileAt: file.path))
    reactor.send(.add("milk"))
    reactor.send(.load)
    reactor.server.send(["bread", "jam", String(repeating: "long ", count: 18)])
    reactor.events.send(.append("tea"))
    reactor.send(.toggle(1))
    reactor.send(.toggle(1))
    let writer = SessionTestWriter<NotesReactor>(
      makeReactor: "NotesReactor(server: .silent)", imports: ["Notes"])
    let source = try writer.source(session: file.path)
    #expect(
      source == """
        // Written by `uniflow test-from-recording` from session.jsonl.
        // Effects do not run: what each effect or hook produced is supplied as recorded, so the
        // test needs no server and fails at the first step where mutate or reduce now differ.

        import Notes
        import Testing
        import UniflowTesting

        @MainActor
        @Suite struct NotesReactorRecordingTests {
          @Test func recordedSession() async {
            let tester = ReactorTester(effects: .suppliedByTest) { NotesReactor(server: .silent) }

            tester.send(.add("milk")) { $0.notes.append("milk") }
            tester.send(.load)
            // Produced by an effect.
            await tester.receive(
              .setNotes([
                "bread",
                "jam",
                "long long long long long long long long long long long long long long long long long long ",
              ])
            ) {
              $0.notes = [
                "bread",
                "jam",
                "long long long long long long long long long long long long long long long long long long ",
              ]
            }
            // Produced by a global event or the transform(mutation:) hook.
            await tester.receive(.append("tea")) { $0.notes.append("tea") }
            tester.send(.toggle(1)) { $0.done = [1] }
            tester.send(.toggle(1)) { $0.done = [] }

            await tester.finish()
          }
        }

        """)
  }

  @Test func theOccurrenceAndNamesAreTheCallersAndOutsideTextIsEscaped() throws {
    let recorder = SessionRecorder.inMemory()
    NotesReactor().record(into: recorder)
    let second = NotesReactor()
    second.record(into: recorder)
    second.send(.add("x"))
    let file = try TemporaryFile(contents: recorder.lines.joined(separator: "\n") + "\n")
    let writer = SessionTestWriter<NotesReactor>(
      imports: ["Notes", "NotesTestSupport"], suiteName: "Bug1234Tests", testName: "listLosesX")
    let source = try writer.source(
      session: file.path, occurrence: 2, name: "bug\u{1B}]0;owned\u{7}\u{202E}.jsonl")
    #expect(
      source.contains(
        #"from bug\u{1B}]0;owned\u{7}\u{202E}.jsonl (the 2nd NotesReactor in it)."#))
    #expect(
      !source.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    #expect(source.contains("import NotesTestSupport\n"))
    #expect(source.contains("@Suite struct Bug1234Tests {\n  @Test func listLosesX() async {"))
    #expect(
      source.contains(
        "NotesReactor() }\n\n    tester.send(.add(\"x\")) { $0.notes.append(\"x\") }\n"))
  }

  @Test func aFileThatCannotBeReadThrowsAsAReplayWould() throws {
    let file = try TemporaryFile(
      contents:
        #"{"kind":"header","schema":1,"instance":1,"reactor":"Other.Reactor","library":"0.1.0"}"#
        + "\n")
    #expect(
      throws: SessionFileError.wrongReactor(
        path: file.path, expected: String(reflecting: NotesReactor.self), found: ["Other.Reactor"])
    ) {
      try SessionTestWriter<NotesReactor>().source(session: file.path)
    }
  }
}
