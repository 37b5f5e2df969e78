import Foundation
import Uniflow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a full-screen terminal program reacts to.
public enum TerminalEvent: Equatable, Sendable {
  case key(Key)
  /// The window changed size; draw again.
  case resize
}

/// Why the terminal could not be taken over.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// Standard input or output is not a terminal (a pipe, a file, a CI job).
  case notATerminal
  /// The terminal refused the raw-mode settings; `errno` says why.
  case cannotConfigure(errno: Int32)

  public var description: String {
    switch self {
    case .notATerminal:
      "standard input and output must be a terminal for the full-screen app"
    case .cannotConfigure(let errno):
      "the terminal refused raw mode (\(String(cString: strerror(errno))))"
    }
  }
}

/// A terminal taken over for a full-screen program: raw mode, the alternate screen and a
/// hidden cursor, all put back by ``restore()``.
///
/// It is put back on every way out a process can catch, so a shell is never left raw:
/// - SIGINT, SIGTERM, SIGHUP and SIGQUIT restore it and exit with 128 + the signal's
///   number; SIGPIPE restores it and ends the process as its default action does;
/// - SIGTSTP (Ctrl-Z) restores it before the process stops, and SIGCONT takes it over
///   again and asks for a redraw (a `.resize` event);
/// - a crash (a trap from a failed precondition, SIGSEGV, SIGBUS, SIGFPE, SIGABRT)
///   restores it and then dies of the same signal.
///
/// ```swift
/// let terminal = try Terminal.takeOver()
/// defer { terminal.restore() }
/// terminal.draw(Frame(lines: ["Hello"]))
/// for await event in terminal.events() { … }
/// ```
///
/// One terminal is taken over at a time.
///
/// `@unchecked Sendable`: the mutable state (`mode`, `redraw`, `signals`) is read and
/// written under `lock` alone.
public final class Terminal: @unchecked Sendable {
  private enum Mode { case active, suspended, restored }

  private let original: termios
  private let lock = Lock()
  private var mode = Mode.active
  // Asks the running event stream for a redraw after a resume or a resize.
  private var redraw: (@Sendable () -> Void)?
  // The thread that acts on signals, and the actions they had before; `nil` once
  // restored.
  private var signals: SignalThread?

  private init(original: termios) {
    self.original = original
  }

  /// Switches standard input and output to a full-screen, raw-mode session.
  public static func takeOver() throws(TerminalError) -> Terminal {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw .notATerminal
    }
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw .cannotConfigure(errno: errno) }
    let terminal = Terminal(original: original)
    try terminal.enter()
    CrashRestore.install(original: original)
    // Handlers are in place before the first frame is drawn, so a signal sent once the
    // program shows anything is never missed.
    let signals = SignalThread { [weak terminal] number in terminal?.received(number) }
    terminal.lock.withLock { terminal.signals = signals }
    return terminal
  }

  /// Puts the terminal back as it was. Safe to call more than once.
  public func restore() {
    let (wasActive, signalThread) = lock.withLock { () -> (Bool, SignalThread?) in
      defer {
        mode = .restored
        signals = nil
      }
      return (mode == .active, signals)
    }
    // The signals' own actions first: from here on a Ctrl-C ends the process as usual.
    signalThread?.stop()
    if wasActive { leave() }
  }

  deinit {
    restore()
  }

  /// Raw mode, the alternate screen, a hidden cursor.
  private func enter() throws(TerminalError) {
    var raw = original
    cfmakeraw(&raw)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      throw .cannotConfigure(errno: errno)
    }
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
  }

  /// The terminal as it was before `enter()`.
  private func leave() {
    write("\(Self.leaveSequence)")
    var original = self.original
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
  }

  /// Plain attributes, the cursor shown, the main screen back.
  static let leaveSequence: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// Acts on a signal, on the signal thread.
  private func received(_ number: Int32) {
    switch number {
    case SIGTSTP: suspend()
    case SIGCONT: resume()
    case SIGWINCH: lock.withLock { redraw }?()
    default:
      restore()
      exit(128 + number)
    }
  }

  /// Ctrl-Z: put the terminal back, then stop as the default action would have.
  private func suspend() {
    let wasActive = lock.withLock {
      defer { if mode == .active { mode = .suspended } }
      return mode == .active
    }
    guard wasActive else { return }
    leave()
    kill(getpid(), SIGSTOP)
  }

  /// Back in the foreground: take the terminal over again and draw everything.
  private func resume() {
    let redraw: (@Sendable () -> Void)? = lock.withLock {
      guard mode == .suspended else { return nil }
      mode = .active
      return self.redraw
    }
    guard let redraw else { return }
    try? enter()
    redraw()
  }

  /// The window's size, or 80 × 24 when the terminal does not say.
  public var size: TerminalSize {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0,
      window.ws_row > 0
    else { return TerminalSize(columns: 80, rows: 24) }
    return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
  }

  /// Draws a frame over the whole screen in one write.
  public func draw(_ frame: Frame) {
    let rows = size.rows
    var output = "\u{1B}[?25l\u{1B}[H"
    for (index, line) in frame.lines.prefix(rows).enumerated() {
      if index > 0 { output += "\r\n" }
      output += line.text + "\u{1B}[K"
    }
    output += "\u{1B}[J"
    if let cursor = frame.cursor {
      output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
    }
    write(output)
  }

  /// Keys as they are typed, and window resizes. The sequence ends when input closes.
  public func events() -> AsyncStream<TerminalEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    lock.withLock { redraw = { continuation.yield(.resize) } }

    let reader = Thread {
      var decoder = KeyDecoder()
      var buffer = [UInt8](repeating: 0, count: 256)
      while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        for key in decoder.decode(Array(buffer[..<count])) {
          continuation.yield(.key(key))
        }
      }
      continuation.finish()
    }
    reader.start()
    return stream
  }

  private func write(_ string: String) {
    var bytes = Array(string.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          Darwin.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}
