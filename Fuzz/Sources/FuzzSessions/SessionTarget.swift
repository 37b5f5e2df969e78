import Foundation
import FuzzSupport
@testable import Uniflow
import UniflowTesting

// Session files, which a bug report brings in: any bytes, read by `SessionContents` (the
// viewer's and the tools' reader) and by the reader a replay uses, for a small reactor's
// types.
//
// The rules: a file is read or refused with a `SessionFileError` (the typed throws guarantee
// the type); a refusal names a line of the file; no error's description holds a hidden
// character; what is read is in the file's order, each step after its recording's header;
// every payload kept is JSON; the replay's events come in the file's order.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let path = TemporaryFile.shared.write(bytes)
  let lineCount = bytes.count { $0 == UInt8(ascii: "\n") } + 1
  Finding.withinCPUTime(seconds: 1) {
    checkContents(path: path, lineCount: lineCount)
    checkReplay(path: path, lineCount: lineCount)
  }
  return 0
}

func checkContents(path: String, lineCount: Int) {
  let contents: SessionContents
  do {
    contents = try SessionContents(path: path)
  } catch {
    checkRefusal(error, lineCount: lineCount)
    return
  }
  Finding.check(!contents.recordings.isEmpty, "a session with no recording was read")
  var headerLines: Set<Int> = []
  for recording in contents.recordings {
    headerLines.insert(recording.line)
    Finding.check(recording.line <= lineCount, "a header at line \(recording.line) of \(lineCount)")
    var previous = recording.line
    for step in recording.steps {
      Finding.check(
        step.line > previous && step.line <= lineCount,
        "a step at line \(step.line) after line \(previous) (of \(lineCount))")
      previous = step.line
      for payload in [step.value, step.state].compactMap(\.self) {
        Finding.check(
          (try? JSONSerialization.jsonObject(with: payload, options: .fragmentsAllowed)) != nil,
          "a step's payload is not JSON: \(String(decoding: payload, as: UTF8.self))")
      }
    }
  }
  Finding.check(
    headerLines.count == contents.recordings.count, "two recordings share a header line")
}

/// A reactor small enough to have every kind of payload: a case with none, one with a
/// value, one with labels.
enum Action: Codable, Equatable { case increment, set(Int), rename(to: String, times: Int?) }
enum Mutation: Codable, Equatable { case add(Int), name(String) }
struct State: Codable, Equatable {
  var count: Int
  var name: String?
  var history: [Double]
}

func checkReplay(path: String, lineCount: Int) {
  let reader: SessionFileReader<Action, Mutation, State>
  do {
    reader = try SessionFileReader(path: path, reactorType: "Fuzz.Counter")
  } catch {
    checkRefusal(error, lineCount: lineCount)
    return
  }
  var previous = 0
  var events = 0
  while true {
    let event: SessionFileReader<Action, Mutation, State>.Event?
    do {
      event = try reader.next()
    } catch {
      checkRefusal(error, lineCount: lineCount)
      return
    }
    guard let event else { return }
    let line: Int
    switch event {
    case .action(_, _, let at): line = at
    case .mutation(_, _, _, let at): line = at
    }
    Finding.check(
      line > previous && line <= lineCount, "an event at line \(line) after \(previous)")
    previous = line
    events += 1
    Finding.check(events <= lineCount, "more events than lines")
  }
}

/// A refusal names a line of the file, and is safe to print.
func checkRefusal(_ error: SessionFileError, lineCount: Int) {
  Finding.check(
    !holdsHiddenCharacter(error.description),
    "the description of a refusal holds a hidden character: \(String(reflecting: error))")
  let line: Int? =
    switch error {
    case .missingHeader(_, let line), .truncatedLine(_, let line), .notJSON(_, let line),
      .lineTooLong(_, let line, _), .newerSchema(_, let line, _, _),
      .undecodable(_, let line, _, _, _):
      line
    case .cannotRead, .wrongReactor: nil
    }
  if let line {
    Finding.check(
      line >= 1 && line <= lineCount, "a refusal names line \(line) of \(lineCount): \(error)")
  }
  if case .cannotRead(_, let reason) = error {
    Finding.report("the fuzz target's own file could not be read: \(reason)")
  }
}
