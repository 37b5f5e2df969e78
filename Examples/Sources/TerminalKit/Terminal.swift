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
/// hidden cursor, all put back by ``restore()`` — which also runs on SIGINT, SIGTERM and
/// SIGHUP before the process exits, so a shell is never left in raw mode.
///
/// ```swift
/// let terminal = try Terminal.takeOver()
/// defer { terminal.restore() }
/// terminal.draw(Frame(lines: ["Hello"]))
/// for await event in terminal.events() { … }
/// ```
///
/// `@unchecked Sendable`: the only mutable state, `isRestored` and `signalSources`, is
/// read and written under `lock` alone.
public final class Terminal: @unchecked Sendable {
  private let original: termios
  private let lock = Lock()
  private var isRestored = false
  // Signal sources stay alive as long as the terminal does.
  private var signalSources: [any DispatchSourceSignal] = []

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
    var raw = original
    cfmakeraw(&raw)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      throw .cannotConfigure(errno: errno)
    }
    let terminal = Terminal(original: original)
    terminal.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    terminal.restoreOnSignals([SIGINT, SIGTERM, SIGHUP])
    return terminal
  }

  /// Puts the terminal back as it was. Safe to call more than once.
  public func restore() {
    let alreadyRestored = lock.withLock {
      defer { isRestored = true }
      return isRestored
    }
    guard !alreadyRestored else { return }
    write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    var original = self.original
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
  }

  deinit {
    restore()
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
    let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
    signal(SIGWINCH, SIG_IGN)
    resize.setEventHandler { continuation.yield(.resize) }
    resize.resume()
    lock.withLock { signalSources.append(resize) }

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

  private func restoreOnSignals(_ signals: [Int32]) {
    let sources = signals.map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [self] in
        restore()
        exit(128 + number)
      }
      source.resume()
      return source
    }
    lock.withLock { signalSources.append(contentsOf: sources) }
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
