import Foundation
import Uniflow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program running in a pseudo-terminal, as if a person had started it in a terminal
/// window: the test types into it and reads what it drew.
///
/// `@unchecked Sendable`: the only mutable state, `output`, is read and written under
/// `lock` alone; the file descriptors are set once in `init`.
final class PseudoTerminal: @unchecked Sendable {
  let process = Process()
  private let master: Int32
  /// The terminal side the program uses; kept open to read its settings afterwards.
  let slave: Int32
  private let lock = Lock()
  private var output = Data()

  init(
    _ executable: URL, arguments: [String], environment: [String: String] = [:],
    columns: UInt16 = 80, rows: UInt16 = 24
  ) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    self.master = master
    self.slave = slave
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardInput = terminal
    process.standardOutput = terminal
    process.standardError = terminal
    try process.run()

    let masterDescriptor = master
    let reader = Thread { [self] in
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(masterDescriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        lock.withLock { output.append(contentsOf: buffer[..<count]) }
      }
    }
    reader.start()
  }

  deinit {
    if process.isRunning { process.terminate() }
    close(slave)
    close(master)
  }

  /// A point in the program's output: how many bytes it had written.
  struct Mark {
    fileprivate let offset: Int
  }

  /// Everything the program wrote, escape sequences included.
  var rawOutput: String { rawOutput(after: Mark(offset: 0)) }

  /// Everything the program wrote, with escape sequences removed.
  var text: String { text(after: Mark(offset: 0)) }

  /// What the program wrote after `mark`, escape sequences included.
  func rawOutput(after mark: Mark) -> String {
    lock.withLock { String(decoding: output.dropFirst(mark.offset), as: UTF8.self) }
  }

  /// What the program wrote after `mark`, with escape sequences removed.
  func text(after mark: Mark) -> String {
    Self.text(of: rawOutput(after: mark))
  }

  /// `raw` with its escape sequences removed, each replaced by a line break.
  static func text(of raw: String) -> String {
    raw.replacingOccurrences(
      of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "\n", options: .regularExpression)
  }

  /// How `Terminal.draw` begins a frame (the cursor hidden and sent home) and ends one (the
  /// rest of the screen cleared).
  static let frameStart = "\u{1B}[?25l\u{1B}[H"
  static let frameEnd = "\u{1B}[J"

  /// Waits for a whole frame that the program began after `mark` and for which `isWanted`
  /// holds, and returns it with its escape sequences, from its start to its end. The frame
  /// the program was writing at the mark is never one: its end may reach the reader after
  /// the mark, with only its last rows.
  func waitForFrame(
    after mark: Mark, timeout: TimeInterval = 20, where isWanted: (String) -> Bool
  ) async throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let begun = rawOutput(after: mark).components(separatedBy: Self.frameStart).dropFirst()
      let whole = begun.compactMap { frame in
        frame.range(of: Self.frameEnd).map { String(frame[..<$0.lowerBound]) }
      }
      if let wanted = whole.first(where: isWanted) { return wanted }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw TimedOut(expected: "a whole frame, as asked", output: text(after: mark))
  }

  /// Types `text` (which may contain escape sequences for special keys) and returns the
  /// output's mark from just before, so that a wait can look only at what the program
  /// answered: the answer may arrive before the wait starts.
  @discardableResult
  func type(_ text: String) -> Mark {
    let mark = lock.withLock { Mark(offset: output.count) }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    return mark
  }

  /// Gives the terminal a new size and tells the program, as a terminal window does when
  /// it is resized; returns the output's mark from just before.
  @discardableResult
  func resize(columns: UInt16, rows: UInt16) -> Mark {
    let mark = lock.withLock { Mark(offset: output.count) }
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    kill(process.processIdentifier, SIGWINCH)
    return mark
  }

  /// Waits until the program's output contains `expected`, after `mark` if given. The
  /// output is searched with its escape sequences when `raw` is set, else without them.
  func waitFor(
    _ expected: String, raw: Bool = false, after mark: Mark = Mark(offset: 0),
    timeout: TimeInterval = 20
  ) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let output = raw ? rawOutput(after: mark) : text(after: mark)
      if output.contains(expected) { return }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw TimedOut(expected: expected, output: text)
  }

  /// Waits for the program to exit and returns its status (128 + signal when killed).
  func waitForExit(timeout: TimeInterval = 20) async throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning {
      guard Date() < deadline else { throw TimedOut(expected: "exit", output: text) }
      try await Task.sleep(for: .milliseconds(20))
    }
    return process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
  }

  /// The terminal's local modes (echo, canonical input, …) as the program left them.
  var localModes: tcflag_t {
    var settings = termios()
    tcgetattr(slave, &settings)
    return settings.c_lflag
  }

  struct TimedOut: Error, CustomStringConvertible {
    let expected: String
    let output: String
    var description: String { "timed out waiting for \"\(expected)\"; the screen said:\n\(output)" }
  }
}
