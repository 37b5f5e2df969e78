import Foundation
import Testing
import TodoCore
import TodoTestSupport
import Uniflow
import UniflowTesting

/// `todo --record FILE` in a terminal, then its recording replayed in a test.
@Suite(.serialized) struct TodoRecordingEndToEndTests {
  let directory: TemporaryDirectory
  let database: String
  let recording: String

  init() throws {
    directory = try TemporaryDirectory()
    database = directory.path("todo.sqlite")
    recording = directory.path("session.jsonl")
  }

  @Test func aSessionRecordedInTheAppReplaysWithMemosHidden() async throws {
    let app = try PseudoTerminal(
      try Binaries.url(of: "todo"), arguments: ["--db", database, "--record", recording])
    try await app.waitFor("No tasks yet")
    app.type("a")
    try await app.waitFor("New task")
    app.type("Buy milk\tsecret memo\r")
    try await app.waitFor("> [ ] Buy milk — secret memo")
    try await app.waitFor("> [x] Buy milk", after: app.type(" "))
    app.type("e")
    try await app.waitFor("Edit task")
    app.type("!\r")
    try await app.waitFor("> [x] Buy milk!")
    try await app.waitFor("No tasks yet", after: app.type("d"))
    app.type("q")
    #expect(try await app.waitForExit() == 0)

    let text = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(!text.contains("secret"))
    #expect(text.contains("(memo)"))
    try await Self.replay(recording)
    // scripts/check-recording-loop.sh goes on from this recording: it writes a test from
    // it with `uniflow test-from-recording`, builds it, and breaks `reduce` under it.
    if let keep = ProcessInfo.processInfo.environment["UNIFLOW_KEEP_RECORDING"] {
      try FileManager.default.copyItem(atPath: recording, toPath: keep)
    }
  }

  /// The replays' testers are finished here: each checks that the reactor it made is freed.

  /// Replays the list reactor and the first editor of the recording at `path`.
  @MainActor static func replay(_ path: String) async throws {
    let provider = ServiceProvider(database: .inMemory(), alertService: AlertPresenter())
    let list = try ReactorTester(
      replaying: path, reactor: TaskListViewReactor(provider: provider),
      redacting: TaskListViewReactor.redaction)
    #expect(list.replayed.matched)
    // refresh, toggleTaskDone, deleteTask; the adding and the editing are the editors'.
    #expect(list.replayed.actions == 3)
    #expect(list.state.tasks.isEmpty)
    await list.finish()

    let new = try ReactorTester(
      replaying: path, reactor: TaskEditViewReactor(provider: provider, mode: .new),
      redacting: TaskEditViewReactor.redaction)
    #expect(new.replayed.matched)
    #expect(new.state.isDismissed)
    await new.finish()
  }

  @Test func aRecordingThatCannotBeMadeIsSaidOnceAndTheAppRuns() async throws {
    // The recording path is a folder: the app runs, and says so once when it ends.
    let app = try PseudoTerminal(
      try Binaries.url(of: "todo"), arguments: ["--db", database, "--record", directory.path("")])
    try await app.waitFor("No tasks yet")
    app.type("a")
    try await app.waitFor("New task")
    app.type("Call mom\r")
    try await app.waitFor("> [ ] Call mom")
    app.type("q")
    #expect(try await app.waitForExit() == 0)
    let said = app.text.components(separatedBy: "The session was not recorded.").count - 1
    #expect(said == 1)
    #expect(app.text.contains("it already exists"))
    #expect(
      try await Binaries.run("todo", ["list", "--db", database]).output == "1. [ ] Call mom\n")
  }
}
