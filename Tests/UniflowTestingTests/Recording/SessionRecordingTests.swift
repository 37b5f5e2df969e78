import Foundation
import Testing
import Uniflow
import UniflowTesting

/// `record(into:)` writes each action, each mutation with where it came from and the
/// state after it; a replay feeds them to a fresh reactor and checks every state.
@MainActor
@Suite struct SessionRecordingTests {
  /// Adds two notes, loads from the "server", takes an event from the hook, toggles.
  private func recordSession(_ reactor: NotesReactor, into recorder: SessionRecorder) {
    reactor.record(into: recorder)
    reactor.send(.add("milk"))
    reactor.send(.add("eggs"))
    reactor.send(.load)
    reactor.server.send(["bread", "jam"])
    reactor.events.send(.append("tea"))
    reactor.send(.toggle(1))
  }

  @Test func eachLineSaysWhatHappenedAndWhereAMutationCameFrom() throws {
    let recorder = SessionRecorder.inMemory()
    recordSession(NotesReactor(), into: recorder)
    let lines = recorder.lines.map {
      try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
    // Each action's timing line comes once its synchronous work is done: the load's
    // effect answers later, so its mutations come after its timing.
    #expect(
      lines.map { $0["kind"] as? String } == [
        "header", "action", "mutation", "timing", "action", "mutation", "timing", "action",
        "timing", "mutation", "mutation", "action", "mutation", "timing",
      ])
    #expect(lines[0]["reactor"] as? String == String(reflecting: NotesReactor.self))
    #expect(lines[0]["schema"] as? Int == SessionFormat.schemaVersion)
    #expect(
      lines.compactMap { $0["source"] as? String } == [
        "mutate", "mutate", "effect", "hook", "mutate",
      ])
    #expect(lines.compactMap { $0["number"] as? Int } == [1, 1, 2, 2, 3, 3, 4, 4])
    let timings = lines.filter { $0["kind"] as? String == "timing" }
    #expect(timings.allSatisfy { ($0["microseconds"] as? Int).map { $0 >= 0 } == true })
    let last = try #require(
      lines.last { $0["kind"] as? String == "mutation" }?["state"] as? [String: Any])
    #expect(last["notes"] as? [String] == ["bread", "jam", "tea"])
  }

  @Test func aReplayReachesTheRecordedStatesWithNoServer() async throws {
    let file = try TemporaryFile()
    let recorder = try SessionRecorder(creatingFileAt: file.path)
    let recorded = NotesReactor()
    recordSession(recorded, into: recorder)

    // A fresh reactor whose server never answers: the recording supplies the answer.
    let tester = try ReactorTester(replaying: file.path, reactor: NotesReactor())
    #expect(tester.replayed == SessionReplay(actions: 4, mutations: 5, matched: true))
    #expect(tester.state == recorded.currentState)
    // The tester goes on from where the recording ended, and the reactor it made is freed.
    tester.send(.add("salt")) { $0.notes.append("salt") }
    await tester.finish()
  }

  @Test func aBrokenReduceFailsAtTheStepWhereTheStateFirstDiffers() throws {
    let file = try TemporaryFile()
    recordSession(NotesReactor(), into: try SessionRecorder(creatingFileAt: file.path))
    withKnownIssue {
      let tester = replayReportingErrors(file.path, reactor: NotesReactor(breaksToggle: true))
      #expect(tester?.replayed == SessionReplay(actions: 4, mutations: 5, matched: false))
    } matching: {
      issue(
        $0, says: "after action #4 `NotesReactor.Action.toggle(1)`", "line 13",
        "the state differs from the recording", "−     1", "+     2")
    }
  }

  @Test func aRecordingBegunMidSessionStartsFromTheStateInItsHeader() throws {
    let reactor = NotesReactor()
    reactor.send(.add("milk"))
    let recorder = SessionRecorder.inMemory()
    reactor.record(into: recorder)
    reactor.send(.add("eggs"))
    #expect(recorder.lines[0].contains(#""state":{"done":[],"notes":["milk"],"password":""}"#))
    let file = try TemporaryFile(contents: recorder.lines.joined(separator: "\n") + "\n")
    withKnownIssue {
      let tester = replayReportingErrors(file.path, reactor: NotesReactor())
      #expect(tester?.replayed == SessionReplay(actions: 0, mutations: 0, matched: false))
    } matching: {
      issue(
        $0, says: "does not start in the state the recording began in",
        "−     [0]: \"milk\"")
    }
  }

  @Test func mutateThatNowReturnsSomethingElseIsReported() throws {
    let recorder = SessionRecorder.inMemory()
    let reactor = NotesReactor()
    reactor.record(into: recorder)
    reactor.send(.add("milk"))
    // The recording says `add` led to another mutation than today's `mutate` returns
    // (one that leaves the same state, so that only `mutate` is reported).
    let edited = recorder.lines.map {
      $0.replacingOccurrences(
        of: #"{"append":{"_0":"milk"}}"#, with: #"{"setNotes":{"_0":["milk"]}}"#)
    }
    let file = try TemporaryFile(contents: edited.joined(separator: "\n") + "\n")
    withKnownIssue {
      let tester = replayReportingErrors(file.path, reactor: NotesReactor())
      #expect(tester?.replayed.matched == true)
    } matching: {
      issue(
        $0, says: "mutate now returns NotesReactor.Mutation.append(\"milk\")",
        "the recording has NotesReactor.Mutation.setNotes(", "\"milk\"")
    }
  }

  @Test func theRedactionHidesThePasswordAndTheReplayComparesRedactedStates() throws {
    let file = try TemporaryFile()
    let recorder = try SessionRecorder(creatingFileAt: file.path)
    let reactor = NotesReactor()
    reactor.record(into: recorder, redacting: NotesReactor.redaction)
    reactor.send(.setPassword("hunter2"))
    reactor.send(.add("milk"))
    let text = try String(contentsOfFile: file.path, encoding: .utf8)
    #expect(!text.contains("hunter2"))
    #expect(text.contains("•••"))
    let tester = try ReactorTester(
      replaying: file.path, reactor: NotesReactor(), redacting: NotesReactor.redaction)
    #expect(tester.replayed.matched)
  }

  @Test func a1MiBNoteOfHostileTextIsRecordedAsOneLineAndReplaysUnchanged() async throws {
    // ESC and C1 sequences, an emoji with a variation selector, a ZWJ family, stacked
    // combining marks, a NUL, a line break; repeated past 1 MiB.
    let piece = "\u{1B}[2J\u{9B}31m☺️👩‍👩‍👧e\u{301}\u{302}\u{303}\u{0}\n\"\\"
    let text = String(repeating: piece, count: (1 << 20) / piece.utf8.count + 1)
    let file = try TemporaryFile()
    let recorder = try SessionRecorder(creatingFileAt: file.path)
    let reactor = NotesReactor()
    reactor.record(into: recorder)
    reactor.send(.add(text))
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
    // Four lines (header, action, mutation, timing); no raw control byte but their line
    // breaks.
    #expect(bytes.filter { $0 == 0x0A }.count == 4)
    #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A })
    let tester = try ReactorTester(replaying: file.path, reactor: NotesReactor())
    #expect(tester.replayed.matched)
    #expect(tester.state.notes == [text])
    await tester.finish()
  }

  @Test func recordingStopsWhenAskedAndCostsNothingAfter() {
    let recorder = SessionRecorder.inMemory()
    let reactor = NotesReactor()
    reactor.record(into: recorder)
    reactor.send(.add("milk"))
    reactor.stopRecording()
    reactor.send(.add("eggs"))
    #expect(recorder.lines.count == 4)
    #expect(reactor.currentState.notes == ["milk", "eggs"])
  }

  @Test func twoReactorsShareAFileAndAReplayPicksTheOneAskedFor() throws {
    let file = try TemporaryFile()
    let recorder = try SessionRecorder(creatingFileAt: file.path)
    let first = NotesReactor()
    let second = NotesReactor()
    first.record(into: recorder)
    second.record(into: recorder)
    first.send(.add("a"))
    second.send(.add("b"))
    second.send(.add("c"))
    let tester = try ReactorTester(replaying: file.path, reactor: NotesReactor(), occurrence: 2)
    #expect(tester.state.notes == ["b", "c"])
  }
}

/// A replay of `path` on `reactor`; an error reading the file is a test failure.
@MainActor
func replayReportingErrors(_ path: String, reactor: @autoclosure () -> NotesReactor)
  -> ReactorTester<NotesReactor>?
{
  do {
    return try ReactorTester(replaying: path, reactor: reactor())
  } catch {
    Issue.record(error)
    return nil
  }
}

/// A path in a fresh temporary folder, removed with the value.
final class TemporaryFile {
  let folder: URL
  let path: String

  init(contents: String? = nil, name: String = "session.jsonl") throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("uniflow-recording-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent(name).path
    if let contents { try Data(contents.utf8).write(to: URL(fileURLWithPath: path)) }
  }

  deinit { try? FileManager.default.removeItem(at: folder) }
}
