import Foundation
import IssueReporting

/// Waits until `condition` holds, checking it again every millisecond, and reports an
/// issue naming `what` when it still does not hold after `timeout` seconds. Returns
/// whether it held.
///
/// Time the waiter could not run, because the main actor or the machine was busy, is not
/// counted against `timeout`: what it waits for was held up too.
///
/// For conditions that no event announces (a server's request log, a flag set by another
/// thread). To wait for a publisher's values use `awaitValues(timeout:)`;
/// to wait for a reactor's mutations use ``ReactorTester``.
///
/// ```swift
/// await eventually("the server saw the request") { await server.requests.count == 1 }
/// ```
@discardableResult
public func eventually(
  _ what: String = "the condition",
  timeout: Double = 5,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column,
  _ condition: () async throws -> Bool
) async rethrows -> Bool {
  var budget = WaitBudget(seconds: timeout)
  while true {
    if try await condition() { return true }
    if budget.isSpent() { break }
    try? await Task.sleep(nanoseconds: WaitBudget.tick)
  }
  reportIssue(
    "Timed out after \(timeout) s waiting for \(what)", fileID: fileID, filePath: filePath,
    line: line, column: column)
  return false
}
