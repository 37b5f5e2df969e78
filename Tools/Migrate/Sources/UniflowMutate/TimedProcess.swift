import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A test process run to its end, or stopped once it has run longer than its time.
///
/// It is started with `posix_spawn` in a process group of its own and waited for by a thread
/// of its own, not through Foundation's `Process`: on Linux, `Process` once left a test
/// process that had ended unreaped (a zombie whose end was never reported), which held a
/// whole run; and a process a test started outlives its test unless its group is stopped.
enum TimedProcess {
  enum Ending: Sendable, Equatable {
    case exited(Int32)
    case signalled(Int32)
    case timedOut
    /// Stopped once a line of its output answered `stopAt` (the line is in the output).
    case stopped
  }

  struct Finished: Sendable {
    var ending: Ending
    var output: String
    var seconds: Double
  }

  /// Runs `program`; past `timeout` its process group is sent SIGTERM, and SIGKILL two
  /// seconds later. With `stopAt`, the group is stopped as soon as the program writes a line
  /// for which it is true (a mutant's first failing test, when that is all the run needs).
  static func run(
    _ program: URL, _ arguments: [String], in folder: URL, environment: [String: String],
    timeout: Duration?, stopAt: (@Sendable (Substring) -> Bool)? = nil
  ) async -> Finished {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("uniflow-mutate-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let start = ContinuousClock.now
    let spawned = spawn(
      program.path, [program.path] + arguments, in: folder.path,
      environment: environment.map { "\($0.key)=\($0.value)" }, output: log.path)
    let identifier: pid_t
    switch spawned {
    case .success(let started): identifier = started
    case .failure(let failure):
      return Finished(ending: .exited(-1), output: failure.reason, seconds: 0)
    }
    let (end, endedAt) = await withCheckedContinuation { continuation in
      // A thread of its own: on Linux both the cooperative pool and dispatch's global
      // queues can be held by busy tests in the same process, which would delay the stop.
      Thread {
        let watch = stopAt.map { LineWatch(path: log.path, stopAt: $0) }
        continuation.resume(returning: waitForEnd(of: identifier, timeout: timeout, watch: watch))
      }.start()
    }
    let elapsed = endedAt - start
    var ending = end
    if let timeout, elapsed >= timeout, case .signalled = ending { ending = .timedOut }
    // Decoded leniently: a test may print bytes that are not UTF-8, and the names of its
    // failing tests must still be read.
    let output = (try? Data(contentsOf: log)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    return Finished(ending: ending, output: output, seconds: elapsed.seconds)
  }

  /// Starts `path` with standard output and error written to `output`, in `folder`, as
  /// the leader of a new process group.
  private static func spawn(
    _ path: String, _ arguments: [String], in folder: String, environment: [String],
    output: String
  ) -> Result<pid_t, SpawnFailure> {
    let file = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard file >= 0 else { return .failure(SpawnFailure("could not write \(output)")) }
    defer { close(file) }
    #if canImport(Glibc)
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #else
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, file, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, file, STDERR_FILENO)
    guard addChangeOfFolder(&actions, folder) == 0 else {
      return .failure(SpawnFailure("could not start \(path) in \(folder)"))
    }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var identifier: pid_t = 0
    let status = posix_spawn(&identifier, path, &actions, &attributes, argv, envp)
    guard status == 0 else {
      return .failure(SpawnFailure("could not start \(path): \(String(cString: strerror(status)))"))
    }
    return .success(identifier)
  }

  #if canImport(Glibc)
    /// `posix_spawn_file_actions_addchdir_np`, which glibc has had since 2.29 but its Swift
    /// module does not declare.
    private static func addChangeOfFolder(
      _ actions: inout posix_spawn_file_actions_t, _ folder: String
    ) -> Int32 {
      typealias AddChdir =
        @convention(c) (
          UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
        ) -> Int32
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return -1 }
      return unsafeBitCast(symbol, to: AddChdir.self)(&actions, folder)
    }
  #else
    private static func addChangeOfFolder(
      _ actions: inout posix_spawn_file_actions_t?, _ folder: String
    ) -> Int32 {
      posix_spawn_file_actions_addchdir_np(&actions, folder)
    }
  #endif

  /// Why a process could not be started.
  private struct SpawnFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// Waits for the process `identifier` to end, stopping its group past `timeout`, or once
  /// `watch` has seen its line. Polls every 5 ms: the thread it blocks is its own, and a test
  /// runs for far longer.
  private static func waitForEnd(
    of identifier: pid_t, timeout: Duration?, watch: LineWatch?
  ) -> (Ending, ContinuousClock.Instant) {
    let start = ContinuousClock.now
    var signalsLeft: [(signal: Int32, after: Duration)] =
      timeout.map { [(SIGTERM, $0), (SIGKILL, $0 + .seconds(2))] } ?? []
    while true {
      var status: Int32 = 0
      let reaped = waitpid(identifier, &status, WNOHANG)
      if reaped == identifier {
        let now = ContinuousClock.now
        // Whatever the test left running in its group goes with it.
        _ = kill(-identifier, SIGKILL)
        let signal = status & 0x7f
        return (signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal), now)
      }
      if reaped < 0 && errno != EINTR { return (.exited(-1), ContinuousClock.now) }
      if watch?.sawLine() == true {
        _ = kill(-identifier, SIGKILL)
        while waitpid(identifier, &status, 0) < 0 && errno == EINTR {}
        return (.stopped, ContinuousClock.now)
      }
      if let next = signalsLeft.first, ContinuousClock.now - start >= next.after {
        _ = kill(-identifier, next.signal)
        signalsLeft.removeFirst()
      }
      usleep(5_000)
    }
  }
}

/// The lines a running process writes to its log file, read as they come, and whether one
/// of them is the line looked for. A line is judged once it is whole (its newline written).
/// Used by the one thread that waits for the process.
private final class LineWatch {
  let path: String
  let stopAt: @Sendable (Substring) -> Bool
  /// The log, opened at the first look; how far it has been read; the start of a line not
  /// yet ended; and the buffer each read goes into.
  private var file: Int32 = -1
  private var offset: off_t = 0
  private var unfinished: [UInt8] = []
  private var buffer = [UInt8](repeating: 0, count: 65_536)

  init(path: String, stopAt: @escaping @Sendable (Substring) -> Bool) {
    self.path = path
    self.stopAt = stopAt
  }

  deinit {
    if file >= 0 { close(file) }
  }

  /// Reads what the process wrote since the last call; true once a whole line answers
  /// `stopAt`.
  func sawLine() -> Bool {
    if file < 0 { file = open(path, O_RDONLY) }
    guard file >= 0 else { return false }
    while true {
      let count = buffer.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, offset) }
      guard count > 0 else { return false }
      offset += off_t(count)
      var lineStart = 0
      var searchFrom = unfinished.count
      unfinished += buffer[..<count]
      while let newline = unfinished[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: unfinished[lineStart..<newline], as: UTF8.self)
        if stopAt(line[...]) { return true }
        lineStart = newline + 1
        searchFrom = lineStart
      }
      unfinished.removeFirst(lineStart)
    }
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
