import Foundation
import IssueReporting
import Uniflow

/// What ``StreamTester`` and ``OutputTester`` share: `receive`, `finish`, the skips, and
/// how strict and how patient they are. A test never makes one; it uses one of the two.
///
/// `Outputs` is the root of the key paths that name outputs: the stream's `Output` for a
/// ``StreamTester``, the view model for an ``OutputTester``.
///
/// ```swift
/// let tester = StreamTester { SearchViewStream(searchAPIStream: api) }
/// tester.input.searchText("swift")
/// await tester.receive(\.isLoading, true)   // OutputTesterBase's receive
/// await tester.finish()
/// ```
public class OutputTesterBase<Outputs> {
  /// The thing under test until `finish()` lets go of it to check that it is freed.
  var held: AnyObject?
  let expectations: OutputExpectations
  /// Where a thing under test that was not freed is usually held.
  private let whatHoldsIt: String
  /// The recorder's channel of an output the test names, or `nil` after failing at the
  /// call site with what the tester does record.
  private let channelOf: (AnyKeyPath, CallSite) -> Int?

  init(
    holding object: AnyObject, expectations: OutputExpectations, whatHoldsIt: String,
    channelOf: @escaping (AnyKeyPath, CallSite) -> Int?
  ) {
    held = object
    self.expectations = expectations
    self.whatHoldsIt = whatHoldsIt
    self.channelOf = channelOf
  }

  deinit {
    expectations.checkFreedNow(release: { held.take() }, hint: whatHoldsIt)
  }

  /// How strict the tester is; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity {
    get { expectations.exhaustivity }
    set { expectations.exhaustivity = newValue }
  }

  /// How long `receive` waits, in seconds, by default.
  public var timeout: Double {
    get { expectations.timeout }
    set { expectations.timeout = newValue }
  }

  /// Checks that the next value the outputs sent is `expected`, from `output`.
  ///
  /// ```swift
  /// await tester.receive(\.repositories, [repo])
  /// ```
  nonisolated(nonsending) public func receive<Source: Publisher>(
    _ output: KeyPath<Outputs, Source>, _ expected: Source.Output, timeout: Double? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Source.Output: Equatable {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await expectations.receive(
      expected, from: channelOf(output, site), timeout: timeout, at: site)
  }

  /// Checks that the next value the outputs sent came from `output` and that `isExpected`
  /// accepts it; for values that are not `Equatable`, such as errors.
  ///
  /// ```swift
  /// await tester.receive(\.error) { $0 is URLError }
  /// ```
  nonisolated(nonsending) public func receive<Source: Publisher>(
    _ output: KeyPath<Outputs, Source>, timeout: Double? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    where isExpected: @escaping (Source.Output) -> Bool
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await expectations.receive(
      from: channelOf(output, site), timeout: timeout, at: site, where: isExpected)
  }

  /// Ends the test: waits, up to the timeout, for calls in flight to answer; fails, when
  /// exhaustive, on every value not asserted and every call still in flight; then, for a
  /// tester that built what it tests (and unless `checkFreed` is `false`), lets go of it
  /// and checks that it is freed.
  nonisolated(nonsending) public func finish(
    checkFreed: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await expectations.finish(
      checkFreed: checkFreed, release: { held.take() }, hint: whatHoldsIt,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Cancels the `TaskPublisher` calls started from the test that have not answered, so
  /// that ``finish(checkFreed:fileID:filePath:line:column:)`` neither waits for them nor
  /// fails on them; the reactor tester's `skipInFlightEffects()`. With `strict` (the
  /// default), it fails when nothing was in flight.
  ///
  /// ```swift
  /// tester.skipInFlightWork()   // the search that never answers, on purpose
  /// ```
  public func skipInFlightWork(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    expectations.skipInFlightWork(
      strict: strict,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Forgets the values received and not yet asserted. With `strict` (the default), it
  /// fails when there were none, so a skip that is no longer needed does not stay unnoticed.
  ///
  /// ```swift
  /// tester.skipReceivedValues()
  /// ```
  public func skipReceivedValues(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    expectations.skipReceivedValues(
      strict: strict,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
