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
/// (`receive` waits, woken by each value, up to ``OutputTesterBase/timeout``).
public final class StreamTester<Stream: UnioStreamType>: OutputTesterBase<Stream.Output> {
  /// The stream under test.
  ///
  /// A tester made with ``init(exhaustivity:timeout:checkFreed:fileID:filePath:line:column:_:)``
  /// lets go of it at ``OutputTesterBase/finish(checkFreed:fileID:filePath:line:column:)`` to check that it
  /// is freed; read what you need before.
  public var stream: Stream {
    if let stream = held as? Stream { return stream }
    preconditionFailure(
      "The stream was let go of by finish(), which checks that it is freed. Read what you "
        + "need before finish(), or make the tester with checkFreed: false.")
  }

  /// Starts watching every output of the stream that `make` builds, and checks at the end
  /// that it is freed once the tester lets go of it: the tester holds the only reference.
  ///
  /// ```swift
  /// let tester = StreamTester { SearchViewStream(searchAPIStream: api) }
  /// ```
  ///
  /// At ``OutputTesterBase/finish(checkFreed:fileID:filePath:line:column:)`` (or when the test lets go of
  /// the tester) the stream must be gone. When it is not, the failure lists the open
  /// subscriptions to the streams in its `Extra`. Pass `checkFreed: false` for a stream
  /// meant to outlive the test.
  public convenience init(
    exhaustivity: Exhaustivity = .on, timeout: Double = 1, checkFreed: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    _ make: () -> Stream
  ) {
    self.init(
      make(), checksFreed: checkFreed, exhaustivity: exhaustivity, timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Starts watching every output of `stream`. The test may keep the stream too, so this
  /// tester does not check that it is freed; use
  /// ``init(exhaustivity:timeout:checkFreed:fileID:filePath:line:column:_:)`` for that.
  public convenience init(
    _ stream: Stream, exhaustivity: Exhaustivity = .on, timeout: Double = 1,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      stream, checksFreed: false, exhaustivity: exhaustivity, timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private init(
    _ stream: Stream, checksFreed: Bool, exhaustivity: Exhaustivity, timeout: Double,
    at site: CallSite
  ) {
    // The stored properties of `Output` that are publishers, named as a recording names
    // them.
    let outputs = publishers(in: stream.output.wrapped)
    // The outputs' property names, in the order of the recorder's channels.
    let names = outputs.map(\.name)
    let expectations = OutputExpectations(
      recorder: OutputRecorder(outputs: outputs), exhaustivity: exhaustivity,
      timeout: timeout, createdAt: site)
    // What the stream was given is in its `Extra`; its input, state and output are its own.
    if checksFreed {
      expectations.freedCheck = FreedCheck(watching: stream, entryPoints: ["extra"])
    }
    super.init(
      holding: stream, expectations: expectations, whatHoldsIt: Self.whatHoldsAStream,
      channelOf: { Self.channel(of: $0, named: names, at: $1) })
  }

  /// Where a stream that was not freed is usually held.
  private static var whatHoldsAStream: String {
    "A closure that captures the stream strongly keeps it: in `bind(from:disposeBag:)` or "
      + "in the stream's initializer, a `sink` on a stream from its `Extra` that captures "
      + "`self`."
  }

  /// The stream's inputs: send into them as the screen does.
  public var input: InputWrapper<Stream.Input> { stream.input }

  /// The stream's outputs, to read current values.
  public var output: OutputWrapper<Stream.Output> { stream.output }

  /// The channel of `output`, or `nil` after failing with the outputs the tester records.
  private static func channel(of output: AnyKeyPath, named names: [String], at site: CallSite)
    -> Int?
  {
    // A key path names its property (`\Output.repositories`); the channel is the output
    // recorded under that name. Nothing is read of the publisher itself.
    let path: String = "\(output)"
    let name: String = path.split(separator: ".").dropFirst().joined(separator: ".")
    if let channel = names.firstIndex(of: name) { return channel }
    let written: String = OutputName.of([output], writtenAt: site)[0]
    // Built in steps: one long expression of `+` and interpolations took the type checker
    // seconds on every build of every app.
    let recorded: String = names.map { (name: String) -> String in "`\(name)`" }
      .joined(separator: ", ")
    var message = "`\(written)` is not an output the tester records: it records the stored "
    message += "properties of Output that are publishers (relays, `Property` values, "
    message += "`AnyPublisher`s), here \(recorded)."
    site.fail(message)
    return nil
  }
}
