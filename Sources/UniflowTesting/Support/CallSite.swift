import IssueReporting

/// Where a tester was called from: its failures, and what it shows as skipped, are
/// reported there.
@usableFromInline
struct CallSite: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Reports `message` here as a test failure.
  @usableFromInline
  func fail(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reports `message` here as an expected issue: visible in the test's report, never a
  /// failure. (Under XCTest on Linux, IssueReporting cannot mark it expected.)
  func showAsExpected(_ message: String) {
    withExpectedIssue(fileID: fileID, filePath: filePath, line: line, column: column) {
      fail(message)
    }
  }
}
