import Foundation
import Testing

/// Waits until `condition` holds, checking every 10 ms; records an issue naming `what`
/// when it still does not hold after `timeout` seconds.
func eventually(
  _ what: String, timeout: TimeInterval = 5, sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () async throws -> Bool
) async rethrows {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if try await condition() { return }
    try? await Task.sleep(for: .milliseconds(10))
  }
  Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
}

/// Values a publisher sent, kept as they arrive from any thread.
///
/// `@unchecked Sendable`: `stored` is read and written under `lock` only.
final class Recorder<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Value] = []

  var values: [Value] { lock.withLock { stored } }

  func append(_ value: Value) {
    lock.withLock { stored.append(value) }
  }
}
