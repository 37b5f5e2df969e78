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
    let (endings, ended) = AsyncStream.makeStream(of: Ending.self)
    process.terminationHandler = { finished in
      ended.yield(
        finished.terminationReason == .uncaughtSignal
          ? .signalled(finished.terminationStatus) : .exited(finished.terminationStatus))
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
    // On dispatch's threads, not the cooperative pool's: busy tasks must not delay it.
    let stops = timeout.map { limit in
      [
        DispatchWorkItem { _ = kill(identifier, SIGTERM) },
        DispatchWorkItem { _ = kill(identifier, SIGKILL) },
      ].enumerated().map { stage, stop in
        DispatchQueue.global().asyncAfter(
          deadline: .now() + limit.seconds + Double(stage) * 2, execute: stop)
        return stop
      }
    }
    var iterator = endings.makeAsyncIterator()
    var ending = await iterator.next() ?? .exited(-1)
    for stop in stops ?? [] { stop.cancel() }
    try? handle.close()
    let elapsed = clock.now - start
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
