import Foundation

/// A test process run to its end, or stopped once it has run longer than its time.
enum TimedProcess {
  enum Ending: Sendable, Equatable {
    case exited(Int32)
    case signalled(Int32)
    case timedOut
  }

  struct Finished: Sendable {
    var ending: Ending
    var output: String
    var seconds: Double
  }

  /// Runs `program`; past `timeout` it is sent SIGTERM, and SIGKILL two seconds later.
  static func run(
    _ program: URL, _ arguments: [String], in folder: URL, environment: [String: String],
    timeout: Duration?
  ) async -> Finished {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("uniflow-mutate-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    guard let handle = try? FileHandle(forWritingTo: log) else {
      return Finished(ending: .exited(-1), output: "could not write \(log.path)", seconds: 0)
    }
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = environment
    process.standardOutput = handle
    process.standardError = handle
    // The ending and when it came, taken as the process ends: the task awaiting it may
    // resume later, when the pool it runs on is busy.
    let (endings, ended) = AsyncStream.makeStream(of: (Ending, ContinuousClock.Instant).self)
    process.terminationHandler = { finished in
      ended.yield(
        (
          finished.terminationReason == .uncaughtSignal
            ? .signalled(finished.terminationStatus) : .exited(finished.terminationStatus),
          ContinuousClock.now
        ))
      ended.finish()
    }
    let clock = ContinuousClock()
    let start = clock.now
    do {
      try process.run()
    } catch {
      return Finished(ending: .exited(-1), output: "\(error)", seconds: 0)
    }
    let identifier = process.processIdentifier
    // On a thread of its own: on Linux both the cooperative pool and dispatch's global
    // queues can be held by busy tests in the same process, which would delay the stop.
    let watchdog = timeout.map { limit in
      let thread = Thread {
        let clock = ContinuousClock()
        let start = clock.now
        for (signal, after) in [(SIGTERM, limit), (SIGKILL, limit + .seconds(2))] {
          while clock.now - start < after {
            if Thread.current.isCancelled { return }
            Thread.sleep(forTimeInterval: 0.02)
          }
          if Thread.current.isCancelled { return }
          _ = kill(identifier, signal)
        }
      }
      thread.start()
      return thread
    }
    var iterator = endings.makeAsyncIterator()
    let (end, endedAt) = await iterator.next() ?? (.exited(-1), clock.now)
    var ending = end
    watchdog?.cancel()
    try? handle.close()
    let elapsed = endedAt - start
    if let timeout, elapsed >= timeout, case .signalled = ending { ending = .timedOut }
    let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return Finished(ending: ending, output: output, seconds: elapsed.seconds)
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
