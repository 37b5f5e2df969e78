import Foundation
import IssueReporting
import Uniflow

/// Tests a Unio-style stream exhaustively: it records every value of every output of the
/// stream's `Output` (found by itself: each relay, `Property` and publisher), and each one
/// must be asserted with `receive`, in the order they arrived.
///
/// The test sends through the stream's own inputs, `tester.input.search("swift")`, as the
/// screen does; the tester only watches.
///
/// ```swift
/// @Test func searchingShowsTheResults() async {
///   let tester = StreamTester(SearchViewStream(searchAPIStream: mock))
///   tester.input.searchText("swift")
///   mock._outputRepositories.accept([repo])
///   await tester.receive(\.isLoading, true)
///   await tester.receive(\.error, nil)
///   await tester.receive(\.repositories, [repo])
///   await tester.finish()
/// }
/// ```
///
/// A value an output holds when the tester starts (a `BehaviorRelay`'s current value) is
/// not recorded; read it from ``output``. With ``Exhaustivity/off`` the tester checks only
/// what the test asserts and skips the rest. It works with virtual time (advance the
/// scheduler, then `receive`) and with values that arrive later on other threads
/// (`receive` waits, woken by each value, up to ``timeout``).
public final class StreamTester<Stream: UnioStreamType> {
  /// The stream under test.
  public let stream: Stream
  private let expectations: OutputExpectations
  /// The outputs' property names, in the order of the recorder's channels.
  private let names: [String]

  /// Starts watching every output of `stream`.
  public init(
    _ stream: Stream, exhaustivity: Exhaustivity = .on, timeout: Double = 1,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.stream = stream
    var outputs: [(name: String, publisher: any Publisher)] = []
    // The stored properties of `Output` that are publishers (relays, `Property` values,
    // `AnyPublisher`s): reflection lists them, by name, in declaration order.
    for child in Mirror(reflecting: stream.output.wrapped).children {
      guard let name = child.label, let publisher = child.value as? any Publisher else {
        continue
      }
      outputs.append((name, publisher))
    }
    names = outputs.map(\.name)
    expectations = OutputExpectations(
      recorder: OutputRecorder(outputs: outputs), exhaustivity: exhaustivity,
      timeout: timeout,
      createdAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The stream's inputs: send into them as the screen does.
  public var input: InputWrapper<Stream.Input> { stream.input }

  /// The stream's outputs, to read current values.
  public var output: OutputWrapper<Stream.Output> { stream.output }

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

  /// Checks that the next value the stream's outputs sent is `expected`, from `output`.
  ///
  /// ```swift
  /// await tester.receive(\.repositories, [repo])
  /// ```
  public func receive<Source: Publisher>(
    _ output: KeyPath<Stream.Output, Source>, _ expected: Source.Output,
    timeout: Double? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Source.Output: Equatable {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await expectations.receive(
      expected, from: channel(of: output, at: site), timeout: timeout, at: site)
  }

  /// Checks that the next value the stream's outputs sent came from `output` and that
  /// `isExpected` accepts it; for values that are not `Equatable`, such as errors.
  ///
  /// ```swift
  /// await tester.receive(\.error) { $0 is URLError }
  /// ```
  public func receive<Source: Publisher>(
    _ output: KeyPath<Stream.Output, Source>, timeout: Double? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    where isExpected: @escaping (Source.Output) -> Bool
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await expectations.receive(
      from: channel(of: output, at: site), timeout: timeout, at: site, where: isExpected)
  }

  /// Ends the test: fails, when exhaustive, on every value not asserted.
  public func finish(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    expectations.finish(
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

  private func channel<Source>(of output: KeyPath<Stream.Output, Source>, at site: CallSite)
    -> Int?
  {
    // A key path names its property (`\Output.repositories`); the channel is the output
    // recorded under that name. Nothing is read of the publisher itself.
    let name = "\(output)".split(separator: ".").dropFirst().joined(separator: ".")
    if let channel = names.firstIndex(of: name) { return channel }
    reportIssue(
      "\(output) is not an output the tester records: it records the stored properties "
        + "of Output that are publishers (relays, `Property` values, `AnyPublisher`s).", fileID: site.fileID,
      filePath: site.filePath, line: site.line, column: site.column)
    return nil
  }
}
