import CustomDump
import Foundation
import IssueReporting

/// What ``StreamTester`` and ``OutputTester`` share: the recorded values, the rule that
/// each must be asserted in order, and the report of what was left.
final class OutputExpectations: @unchecked Sendable {
  // Sendable because the recorder locks itself and `isFinished` is only written by the
  // test's own calls, one at a time.
  let recorder: OutputRecorder
  var exhaustivity: Exhaustivity
  var timeout: Double
  private var isFinished = false
  private let createdAt: CallSite

  init(
    recorder: OutputRecorder, exhaustivity: Exhaustivity, timeout: Double,
    createdAt: CallSite
  ) {
    self.recorder = recorder
    self.exhaustivity = exhaustivity
    self.timeout = timeout
    self.createdAt = createdAt
  }

  /// Waits for the next value and checks that it came from `channel` and that `check`
  /// accepts it (`check` returns a failure message, or `nil`). Without exhaustivity,
  /// values of other outputs, or that `check` rejects, are skipped.
  func receive(
    from channel: Int, timeout: Double?, at location: CallSite,
    check: (Any) -> String?
  ) async {
    let seconds = timeout ?? self.timeout
    let name = recorder.names[channel]
    while true {
      guard await recorder.waitForValue(seconds: seconds), let entry = recorder.takeFirst()
      else {
        fail(
          "Expected a value of `\(name)`, but none arrived within \(seconds) s.", at: location)
        return
      }
      if exhaustivity == .off, entry.channel != channel || check(entry.value) != nil {
        continue
      }
      guard entry.channel == channel else {
        fail(
          "Expected a value of `\(name)`, but the next value came from "
            + "`\(recorder.names[entry.channel])`: \(String(customDumping: entry.value))",
          at: location)
        return
      }
      if let problem = check(entry.value) {
        fail("The value of `\(name)` is not the expected one:\n\n\(problem)", at: location)
      }
      return
    }
  }

  /// Checks that the next value is `expected`, from `channel`; does nothing when the
  /// tester could not find the output (`channel` is `nil`, already reported).
  func receive<Value: Equatable>(
    _ expected: Value, from channel: Int?, timeout: Double?, at location: CallSite
  ) async {
    guard let channel else { return }
    await receive(from: channel, timeout: timeout, at: location) {
      mismatch(expected: expected, actual: $0)
    }
  }

  /// Checks that the next value came from `channel` and that `isExpected` accepts it.
  func receive<Value>(
    from channel: Int?, timeout: Double?, at location: CallSite,
    where isExpected: @escaping (Value) -> Bool
  ) async {
    guard let channel else { return }
    await receive(from: channel, timeout: timeout, at: location) { value in
      guard let value = value as? Value, isExpected(value) else {
        return "\(value) does not match."
      }
      return nil
    }
  }

  /// Fails, when exhaustive, on every value not asserted; then stops watching.
  func finish(at location: CallSite) {
    isFinished = true
    if exhaustivity == .on { reportUnasserted(at: location) }
    recorder.removeAll()
    recorder.cancel()
  }

  /// Forgets the values received and not yet asserted.
  func skipReceivedValues() {
    recorder.removeAll()
  }

  deinit {
    // A tester the test forgot to finish still reports what it was never asked about.
    if !isFinished, exhaustivity == .on { reportUnasserted(at: createdAt) }
    recorder.cancel()
  }

  private func reportUnasserted(at location: CallSite) {
    let left = recorder.pending
    guard !left.isEmpty else { return }
    let list = left.map { "  \(recorder.names[$0.channel]): \(String(customDumping: $0.value))" }
    fail(
      "\(left.count) output value(s) were not asserted:\n\n" + list.joined(separator: "\n"),
      at: location)
  }

  private func fail(_ message: String, at location: CallSite) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }
}

/// The message for a value that is not the expected one, with a diff; `nil` when equal.
func mismatch<Value: Equatable>(expected: Value, actual: Any) -> String? {
  guard let actual = actual as? Value else {
    return "Expected \(String(customDumping: expected)), got \(String(customDumping: actual))"
  }
  guard actual != expected else { return nil }
  let difference = diff(expected, actual, format: .proportional) ?? ""
  return "\(difference)\n\n(Expected: −, Actual: +)"
}
