import IssueReporting

/// Keeps the issues reported while it is a task's reporter (`withIssueReporters`), oldest
/// first, so that they can be handed on: a flow's issues to the tester that watches it, an
/// exploration's to its run.
///
/// ```swift
/// let collector = IssueCollector()
/// withIssueReporters([collector]) { flow.send(action) }
/// for message in collector.messages { issueHandler(message) }
/// ```
package final class IssueCollector: IssueReporter, Sendable {
  private let collected = Locked([String]())
  private let keepsWarnings: Bool

  /// A collector; one that does not keep warnings lets them go unreported.
  package init(keepsWarnings: Bool = true) { self.keepsWarnings = keepsWarnings }

  /// Every message kept, oldest first.
  package var messages: [String] { collected.withLock { $0 } }

  /// Keeps `message`, as if it had been reported.
  package func append(_ message: String) { collected.withLock { $0.append(message) } }

  /// The oldest message kept, which is then forgotten; `nil` when there is none.
  package func takeFirst() -> String? {
    collected.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }

  package func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    guard keepsWarnings || severity != .warning else { return }
    append(message() ?? "An issue was reported.")
  }

  package func expectIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {}
}
