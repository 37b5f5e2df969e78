import Foundation
import Testing
import TodoTestSupport
import UniflowTesting

#if canImport(Glibc)
  import Glibc
#endif

/// The built `todo` binary, driven like a person would: in a terminal, and from a shell.
@Suite(.serialized) struct TodoEndToEndTests {
  let directory: TemporaryDirectory
  let database: String

  init() throws {
    directory = try TemporaryDirectory()
    database = directory.path("todo.sqlite")
  }

  func startApp(_ arguments: [String]? = nil, environment: [String: String] = [:]) throws
    -> PseudoTerminal
  {
    try PseudoTerminal(
      try Binaries.url(of: "todo"), arguments: arguments ?? ["--db", database],
      environment: environment)
  }

  @Test func aFirstStartShowsAnEmptyListInTheDefaultLocation() async throws {
    let app = try startApp([], environment: ["XDG_DATA_HOME": directory.path("data")])
    try await app.waitFor("No tasks yet. Press a to add one.")
    try await app.waitFor("q quit")
    app.type("q")
    #expect(try await app.waitForExit() == 0)
    #expect(FileManager.default.fileExists(atPath: directory.path("data/uniflow-todo/todo.sqlite")))
  }

  @Test func aTaskAddedInTheAppIsThereAfterARestart() async throws {
    let first = try startApp()
    try await first.waitFor("No tasks yet")
    first.type("a")
    try await first.waitFor("New task")
    first.type("Buy milk\t2 litres\r")
    try await first.waitFor("> [ ] Buy milk — 2 litres")
    first.type("q")
    #expect(try await first.waitForExit() == 0)
    #expect(first.rawOutput.hasSuffix("\u{1B}[?1049l"))

    let second = try startApp()
    try await second.waitFor("> [ ] Buy milk — 2 litres")
    try await second.waitFor("1 task, 0 done")
    try await second.waitFor("> [x] Buy milk", after: second.type(" "))
    second.type("q")
    #expect(try await second.waitForExit() == 0)
    #expect(
      try await Binaries.run("todo", ["list", "--db", database]).output
        == "1. [x] Buy milk — 2 litres\n")
  }

  @Test func aTaskIsKeptWhenTheAppIsKilledRightAfterAddingIt() async throws {
    let app = try startApp()
    try await app.waitFor("No tasks yet")
    app.type("aSurvive the kill\r")
    try await app.waitFor("> [ ] Survive the kill")
    kill(app.process.processIdentifier, SIGKILL)
    #expect(try await app.waitForExit() == 128 + SIGKILL)

    let killed = try startApp()
    try await killed.waitFor("> [ ] Survive the kill")
    killed.type("a")
    try await killed.waitFor("New task")
    killed.type("Second\r")
    try await killed.waitFor("> [ ] Second")
    kill(killed.process.processIdentifier, SIGKILL)
    #expect(try await killed.waitForExit() == 128 + SIGKILL)
    #expect(
      try await Binaries.run("todo", ["list", "--db", database]).output
        == "1. [ ] Survive the kill\n2. [ ] Second\n")
  }

  /// The signals that end a process by default, and the crash signals: each leaves the
  /// terminal as it found it. A crash signal is sent from outside here, which reaches
  /// the same handler a failed precondition's trap does.
  @Test(arguments: [
    SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGHUP, SIGSEGV, SIGABRT, SIGILL, SIGTRAP, SIGBUS,
  ])
  func theTerminalIsRestoredOnEveryCatchableWayOut(signal: Int32) async throws {
    // The runtime's backtracer would print (slowly) after the restore; not needed here.
    let app = try startApp(environment: ["SWIFT_BACKTRACE": "enable=no"])
    let before = app.localModes
    try await app.waitFor("No tasks yet")
    #expect(app.localModes & tcflag_t(ICANON | ECHO) == 0)
    kill(app.process.processIdentifier, signal)
    #expect(try await app.waitForExit() == 128 + signal)
    #expect(app.localModes == before)
    #expect(app.rawOutput.hasSuffix("\u{1B}[?1049l"))
  }

  @Test func accentsFlagsAndEmojiAreTypedAndEditedAsOneCharacterEach() async throws {
    let app = try startApp()
    try await app.waitFor("No tasks yet")
    app.type("a")
    try await app.waitFor("New task")
    // The terminal sends these scalar by scalar: e + U+0301, two regional indicators,
    // a heart + variation selector 16.
    app.type("cafe\u{301}🇯🇵❤\u{FE0F}")
    app.type("\u{1B}[D\u{1B}[D")  // two characters left: before the flag
    app.type("X\u{7F}Y\r")  // type, erase, type, save
    try await app.waitFor("> [ ] caféY🇯🇵❤\u{FE0F}")
    app.type("q")
    #expect(try await app.waitForExit() == 0)
    #expect(
      try await Binaries.run("todo", ["list", "--db", database]).output
        == "1. [ ] caféY🇯🇵❤\u{FE0F}\n")
  }

  @Test func ctrlZRestoresTheTerminalAndResumingTakesItOverAgain() async throws {
    let app = try startApp()
    let before = app.localModes
    try await app.waitFor("No tasks yet")
    kill(app.process.processIdentifier, SIGTSTP)
    try await app.waitFor("\u{1B}[?1049l", raw: true)
    #expect(app.localModes == before)

    // Raw mode is back when one key, with no Enter, opens the editor.
    kill(app.process.processIdentifier, SIGCONT)
    // Taking over flushes typed-ahead input, so type once the screen is back.
    await eventually("the second takeover") {
      app.rawOutput.components(separatedBy: "\u{1B}[?1049h").count == 3
    }
    app.type("a")
    try await app.waitFor("New task")
    #expect(app.localModes & tcflag_t(ICANON | ECHO) == 0)
    app.type("After resuming\r")
    try await app.waitFor("> [ ] After resuming")
    app.type("q")
    #expect(try await app.waitForExit() == 0)
    #expect(app.localModes == before)
  }

  @Test func aResizedWindowIsDrawnAgainAtItsNewSize() async throws {
    _ = try await Binaries.run("todo", ["add", "Call mom", "--db", database])
    let app = try startApp()
    try await app.waitFor("> [ ] Call mom")
    let resized = app.resize(columns: 50, rows: 10)
    // A frame of 10 rows (each ends by clearing the rest of its line), each of them 50
    // columns wide, begun after the resize: the end of the frame the program was writing
    // when it came can still be on its way (under load it was, rows 80 wide).
    let frame = try await app.waitForFrame(after: resized) {
      $0.components(separatedBy: "\u{1B}[K").count - 1 == 10
    }
    #expect(frame.contains("> [ ] Call mom"))
    let rows = PseudoTerminal.text(of: frame).split(whereSeparator: \.isNewline).filter {
      !$0.isEmpty
    }
    #expect(rows.contains { $0.hasPrefix(" Todo") && $0.count == 50 })
    #expect(!rows.contains { $0.count > 50 })
    app.type("q")
    #expect(try await app.waitForExit() == 0)
  }

  @Test func theCancelConfirmationAppearsOnlyAfterAChange() async throws {
    _ = try await Binaries.run("todo", ["add", "Call mom", "--db", database])
    let app = try startApp()
    try await app.waitFor("> [ ] Call mom")
    app.type("e")
    try await app.waitFor("Edit task")
    try await app.waitFor("> [ ] Call mom", after: app.type("\u{1B}"))
    #expect(!app.text.contains("Really?"))
    try await app.waitFor("Edit task", after: app.type("e"))
    app.type("!")
    app.type("\u{1B}")
    try await app.waitFor("All changes will be lost")
    try await app.waitFor("> [ ] Call mom", after: app.type("l"))
    app.type("q")
    #expect(try await app.waitForExit() == 0)
    #expect(
      try await Binaries.run("todo", ["list", "--db", database]).output == "1. [ ] Call mom\n")
  }

  @Test func aDatabaseThatIsNotOneStopsTheAppWithAClearMessage() async throws {
    try Data("not a database".utf8).write(to: URL(fileURLWithPath: database))
    let app = try startApp()
    #expect(try await app.waitForExit() == 1)
    #expect(app.text.contains("is not a Todo database, or it is damaged; it was left untouched"))
    #expect(try String(contentsOfFile: database, encoding: .utf8) == "not a database")
  }

  @Test func logChangesAppendsWhatTheReactorsDidToTheFile() async throws {
    let log = directory.path("changes.log")
    try Data("kept\n".utf8).write(to: URL(fileURLWithPath: log))
    let app = try startApp(["--db", database, "--log-changes", log])
    try await app.waitFor("No tasks yet")
    app.type("a")
    try await app.waitFor("New task")
    app.type("Tea\r")
    try await app.waitFor("> [ ] Tea")
    app.type("q")
    #expect(try await app.waitForExit() == 0)
    let written = try String(contentsOfFile: log, encoding: .utf8)
    #expect(written.hasPrefix("kept\n"))
    #expect(written.contains("mutation TaskListViewReactor.Mutation.insertTask"))
  }

  @Test func logChangesRefusesWhatIsNotARegularFile() async throws {
    let app = try startApp(["--db", database, "--log-changes", directory.path("")])
    #expect(try await app.waitForExit() != 0)
    #expect(app.rawOutput.contains("is not a regular file"))
  }
}
