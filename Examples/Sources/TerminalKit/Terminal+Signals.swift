// How a terminal hears signals: a thread that acts on the ones that end, suspend, resume
// and resize it, and a crash handler that puts the screen back before the process dies.
// Terminal.swift decides what each signal does; this file only delivers them.
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signals a terminal acts on (ending, suspending, resuming, resizing), handled on a
/// thread of their own.
///
/// A signal handler may only call async-signal-safe functions, so the handler writes the
/// signal's number into a pipe and returns; this thread reads the pipe and acts with no
/// such limit. `sigaction` puts the handler in place before `init` returns, unlike a
/// dispatch source, which registers later on another thread: a signal sent between the
/// two would be lost.
final class SignalThread {
  static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH]

  /// The stop byte: no signal has number 0.
  private static let stop: UInt8 = 0
  private let previous: [Int32: sigaction]
  private let finished = DispatchSemaphore(value: 0)
  private let thread: Thread

  /// Installs the handlers and starts the thread, which calls `act` with each signal's
  /// number.
  init(act: @escaping @Sendable (Int32) -> Void) {
    let pipe = SignalPipe.ends
    let finished = finished
    thread = Thread {
      var byte: UInt8 = 0
      while true {
        let count = read(pipe.read, &byte, 1)
        if count < 0, errno == EINTR { continue }
        guard count == 1, byte != Self.stop else { break }
        act(Int32(byte))
      }
      finished.signal()
    }
    var previous: [Int32: sigaction] = [:]
    for number in Self.signals {
      // Interrupted system calls elsewhere carry on rather than fail with EINTR.
      previous[number] = installHandler(forwardSignal, for: number, flags: SA_RESTART)
    }
    self.previous = previous
    thread.start()
  }

  /// Puts the previous actions back and ends the thread; waits for it to end unless
  /// called on it, so that the next terminal's thread is the only reader of the pipe.
  func stop() {
    for (number, action) in previous {
      var action = action
      sigaction(number, &action, nil)
    }
    var byte = Self.stop
    _ = write(SignalPipe.ends.write, &byte, 1)
    if Thread.current !== thread { finished.wait() }
  }
}

/// The pipe from the signal handler to the ``SignalThread``: made once for the process,
/// never closed, so the handler always writes to a descriptor that is still this pipe.
private enum SignalPipe {
  static let ends: (read: Int32, write: Int32) = {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { fatalError("no pipe for signals: errno \(errno)") }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    // A full pipe drops a signal rather than block the handler.
    _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
    return (ends[0], ends[1])
  }()
}

/// Makes `handler` the action for signal `number`; returns the action it replaces.
private func installHandler(
  _ handler: @escaping @convention(c) (Int32) -> Void, for number: Int32, flags: Int32 = 0
) -> sigaction {
  var action = sigaction()
  #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
  #else
    action.__sigaction_u.__sa_handler = handler
  #endif
  action.sa_flags = flags
  var replaced = sigaction()
  sigaction(number, &action, &replaced)
  return replaced
}

private func forwardSignal(_ number: Int32) {
  let savedErrno = errno
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(SignalPipe.ends.write, &byte, 1)
  errno = savedErrno
}

/// Restores the terminal when the process crashes (or gets SIGPIPE), then lets the
/// crash go on.
///
/// A crash signal is handled on the thread that crashed, at any point, so the handler
/// may call only async-signal-safe functions: no lock, no allocation, no Swift runtime.
/// It therefore reads a copy of the terminal's settings, and the handlers that were
/// there before (the Swift runtime's backtracer, say), made before it was installed in
/// memory allocated once and never freed. That copy is the one process-wide state here,
/// and only because a signal handler can reach nothing else.
enum CrashRestore {
  static let signals = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGPIPE]
  nonisolated(unsafe) static let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  /// The previous action of each signal, indexed by signal number.
  nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(
    capacity: Int(signals.max()!) + 1)

  static func install(original: termios) {
    settings.pointee = original
    for number in signals {
      previous[Int(number)] = installHandler(crashed, for: number)
    }
    // Whoever ignored SIGPIPE before, after a restore it ends the process, as it would
    // have had no one touched it.
    previous[Int(SIGPIPE)] = sigaction()
  }
}

private func crashed(_ number: Int32) {
  let leave = Terminal.leaveSequence
  _ = write(STDOUT_FILENO, leave.utf8Start, leave.utf8CodeUnitCount)
  tcsetattr(STDIN_FILENO, TCSANOW, CrashRestore.settings)
  // The handler that was there before takes over: it reports the crash and ends the
  // process. Raised again from here, the signal is delivered once this handler returns.
  sigaction(number, CrashRestore.previous + Int(number), nil)
  raise(number)
}
