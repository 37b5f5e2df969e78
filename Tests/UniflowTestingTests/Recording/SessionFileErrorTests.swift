import Foundation
import Testing
import Uniflow
import UniflowTesting

/// Each bad session file is a typed error that names the file and the line, and a
/// recorder never overwrites anything.
@MainActor
@Suite struct SessionFileErrorTests {
  private static let header =
    #"{"kind":"header","schema":1,"instance":1,"reactor":"\#(String(reflecting: NotesReactor.self))","library":"0.1.0"}"#
  private static let add =
    #"{"kind":"action","instance":1,"number":1,"time":0,"action":{"add":{"_0":"milk"}}}"#
  private static let append =
    #"{"kind":"mutation","instance":1,"source":"mutate","mutation":{"append":{"_0":"milk"}},"state":{"notes":["milk"],"done":[],"password":""}}"#

  private func error(replaying text: String) -> SessionFileError? {
    let file = try! TemporaryFile(contents: text)
    do {
      _ = try ReactorTester(replaying: file.path, reactor: NotesReactor())
      return nil
    } catch {
      // The path is the temporary file's; the rest of the error is what is checked.
      return error.replacingPath(file.path)
    }
  }

  @Test func aTruncatedLastLineNamesItsLine() {
    let text = [Self.header, Self.add].joined(separator: "\n") + "\n" + Self.append.dropLast(20)
    #expect(error(replaying: text) == .truncatedLine(path: "FILE", line: 3))
  }

  // Found by fuzzing (Fuzz/, the session targets): the reader found the line break of a
  // blank line again after skipping it, and trapped on a range that ran backwards.
  @Test func blankLinesAnywhereInTheFileAreSkipped() throws {
    let text =
      "\n" + [Self.header, "", Self.add, "", "", Self.append].joined(separator: "\n") + "\n\n"
    #expect(error(replaying: text) == nil)
    let file = try TemporaryFile(contents: text)
    let contents = try SessionContents(path: file.path)
    #expect(contents.recordings.map(\.steps.count) == [2])
    #expect(contents.recordings[0].steps.map(\.line) == [4, 7])
  }

  @Test func aLineThatIsNotJSONNamesItsLine() {
    let text = [Self.header, Self.add, "{not json", Self.append].joined(separator: "\n") + "\n"
    #expect(error(replaying: text) == .notJSON(path: "FILE", line: 3))
  }

  @Test func aFileWithoutAHeaderIsRefused() {
    #expect(error(replaying: Self.add + "\n") == .missingHeader(path: "FILE", line: 1))
    #expect(
      error(replaying: "")
        == .wrongReactor(path: "FILE", expected: String(reflecting: NotesReactor.self), found: []))
  }

  @Test func aNewerSchemaIsRefused() {
    let newer = Self.header.replacingOccurrences(of: #""schema":1"#, with: #""schema":2"#)
    #expect(
      error(replaying: newer + "\n") == .newerSchema(path: "FILE", line: 1, found: 2, supported: 1))
  }

  @Test func theWrongReactorTypeListsTheTypesTheFileHas() {
    let other = Self.header.replacingOccurrences(
      of: String(reflecting: NotesReactor.self), with: "TodoCore.TaskListViewReactor")
    #expect(
      error(replaying: other + "\n")
        == .wrongReactor(
          path: "FILE", expected: String(reflecting: NotesReactor.self),
          found: ["TodoCore.TaskListViewReactor"]))
  }

  @Test func anOccurrencePastTheLastSaysHowManyThereAre() throws {
    let file = try TemporaryFile(contents: Self.header + "\n")
    #expect(throws: SessionFileError.self) {
      try ReactorTester(replaying: file.path, reactor: NotesReactor(), occurrence: 2)
    }
    let error = SessionFileError.wrongReactor(
      path: "FILE", expected: "App.R", found: ["App.R", "App.Other"])
    #expect(
      error.description
        == "FILE: holds only 1 recording(s) of App.R; ask for one of those (the occurrence "
        + "counts from 1).")
  }

  @Test func namesFromTheFileAreShownWithTheirControlCharactersEscaped() {
    // A header whose reactor name clears the screen, sets the title and flips the text.
    let hostile = Self.header.replacingOccurrences(
      of: String(reflecting: NotesReactor.self),
      with: #"Evil\u001B[2J\u001B]0;pwned\u0007\u202Eyes"#)
    let description = error(replaying: hostile + "\n")?.description ?? ""
    #expect(description.contains(#"Evil\u{1B}[2J\u{1B}]0;pwned\u{7}\u{202E}yes"#))
    #expect(!description.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
  }

  @Test func anActionCaseThatNoLongerExistsIsNamedWithItsLine() throws {
    let renamed = Self.add.replacingOccurrences(of: #""add""#, with: #""addNote""#)
    let text = [Self.header, renamed].joined(separator: "\n") + "\n"
    guard case .undecodable(let path, let line, let kind, let caseName, _)? = error(replaying: text)
    else {
      Issue.record("expected an undecodable action")
      return
    }
    #expect([path, kind, caseName] == ["FILE", "action", "addNote"])
    #expect(line == 2)
  }

  @Test func theErrorsReadAsSentences() {
    #expect(
      SessionFileError.undecodable(
        path: "s.jsonl", line: 14, kind: "action", caseName: "toggleDone", reason: "no case."
      )
      .description == "s.jsonl, line 14: the action `toggleDone` no longer decodes: no case.")
    #expect(
      SessionFileError.truncatedLine(path: "s.jsonl", line: 3).description
        == "s.jsonl, line 3: the line is cut off (the recording stopped while writing it).")
  }

  @Test func aOneGigabyteFileIsReadInChunksAndItsEndlessLineRefused() throws {
    // A sparse file: 1 GiB of zero bytes and no line break. The reader gives up after
    // its line limit instead of reading the whole file into memory.
    let file = try TemporaryFile(contents: Self.header + "\n")
    let handle = try #require(FileHandle(forWritingAtPath: file.path))
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()
    #expect(throws: SessionFileError.lineTooLong(path: file.path, line: 2, limit: 64 << 20)) {
      _ = try ReactorTester(replaying: file.path, reactor: NotesReactor())
    }
  }

  @Test func aFolderOrAMissingFileCannotBeRead() throws {
    let file = try TemporaryFile()
    #expect(throws: SessionFileError.cannotRead(path: file.folder.path, reason: "it is a folder")) {
      _ = try ReactorTester(replaying: file.folder.path, reactor: NotesReactor())
    }
    #expect(throws: SessionFileError.self) {
      _ = try ReactorTester(replaying: file.path, reactor: NotesReactor())
    }
  }

  // MARK: The recorder

  @Test func aRecorderNeverOverwritesAFileAFolderOrAFIFO() throws {
    let file = try TemporaryFile(contents: "keep me\n")
    #expect(
      throws: SessionRecordingError.cannotCreate(path: file.path, reason: "it already exists")
    ) {
      _ = try SessionRecorder(creatingFileAt: file.path)
    }
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "keep me\n")
    #expect(
      throws: SessionRecordingError.cannotCreate(
        path: file.folder.path, reason: "it already exists")
    ) {
      _ = try SessionRecorder(creatingFileAt: file.folder.path)
    }
    let fifo = file.folder.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: SessionRecordingError.cannotCreate(path: fifo, reason: "it already exists")) {
      _ = try SessionRecorder(creatingFileAt: fifo)
    }
  }

  @Test func anEmptyPathIsRefusedAndMemoryIsAFileNameNotADatabase() throws {
    #expect(
      throws: SessionRecordingError.cannotCreate(
        path: "", reason: String(cString: strerror(ENOENT)))
    ) {
      _ = try SessionRecorder(creatingFileAt: "")
    }
    // SQLite's `:memory:` means nothing to a recorder: it is a file by that name.
    let file = try TemporaryFile()
    let memory = file.folder.appendingPathComponent(":memory:").path
    let recorder = try SessionRecorder(creatingFileAt: memory)
    NotesReactor().record(into: recorder)
    #expect(FileManager.default.fileExists(atPath: memory))
  }

  @Test func aRecorderInAMissingOrReadOnlyFolderSaysWhy() throws {
    let file = try TemporaryFile()
    let missing = file.folder.appendingPathComponent("no/such/folder/s.jsonl").path
    #expect(
      throws: SessionRecordingError.cannotCreate(
        path: missing, reason: String(cString: strerror(ENOENT)))
    ) {
      _ = try SessionRecorder(creatingFileAt: missing)
    }
  }

  @Test func aValueThatDoesNotEncodeStopsTheRecorderAndIsReportedOnce() {
    let recorder = SessionRecorder.inMemory()
    var errors: [SessionRecordingError] = []
    recorder.onError = { errors.append($0) }
    let reactor = FloatReactor()
    reactor.record(into: recorder)
    reactor.send(.nan)
    reactor.send(.nan)
    #expect(errors.count == 1)
    #expect(recorder.failure == errors.first)
    // The reactor goes on.
    #expect(reactor.currentState.value.isNaN)
  }
}

/// A state JSON cannot hold: a NaN.
@MainActor
private final class FloatReactor: Reactor {
  enum Action: Codable, Sendable { case nan }
  struct State: Codable, Sendable { var value = 0.0 }
  let initialState = State()
  let runtime = ReactorRuntime<FloatReactor>()
  func mutate(action: Action) -> Effect<Action> { .just(action) }
  func reduce(state: inout State, mutation: Action) { state.value = .nan }
}

extension SessionFileError {
  /// The error with `path` written as `FILE`.
  fileprivate func replacingPath(_ path: String) -> SessionFileError {
    switch self {
    case .cannotRead(_, let reason): .cannotRead(path: "FILE", reason: reason)
    case .missingHeader(_, let line): .missingHeader(path: "FILE", line: line)
    case .truncatedLine(_, let line): .truncatedLine(path: "FILE", line: line)
    case .notJSON(_, let line): .notJSON(path: "FILE", line: line)
    case .lineTooLong(_, let line, let limit): .lineTooLong(path: "FILE", line: line, limit: limit)
    case .newerSchema(_, let line, let found, let supported):
      .newerSchema(path: "FILE", line: line, found: found, supported: supported)
    case .wrongReactor(_, let expected, let found):
      .wrongReactor(path: "FILE", expected: expected, found: found)
    case .undecodable(_, let line, let kind, let caseName, let reason):
      .undecodable(path: "FILE", line: line, kind: kind, caseName: caseName, reason: reason)
    }
  }
}
