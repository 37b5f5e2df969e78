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
  ///
  /// A tester made with ``init(exhaustivity:timeout:checkFreed:fileID:filePath:line:column:_:)``
  /// lets go of it at ``finish(checkFreed:fileID:filePath:line:column:)`` to check that it
  /// is freed; read what you need before.
  public var stream: Stream {
    if let held { return held }
    preconditionFailure(
      "The stream was let go of by finish(), which checks that it is freed. Read what you "
        + "need before finish(), or make the tester with checkFreed: false.")
  }
  private var held: Stream?
  private let expectations: OutputExpectations
  /// The outputs' property names, in the order of the recorder's channels.
  private let names: [String]

  /// Starts watching every output of the stream that `make` builds, and checks at the end
  /// that it is freed once the tester lets go of it: the tester holds the only reference.
  ///
  /// ```swift
  /// let tester = StreamTester { SearchViewStream(searchAPIStream: api) }
  /// ```
  ///
  /// At ``finish(checkFreed:fileID:filePath:line:column:)`` (or when the test lets go of
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
    held = stream
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
      timeout: timeout, createdAt: site)
    // What the stream was given is in its `Extra`; its input, state and output are its own.
    if checksFreed {
      expectations.freedCheck = FreedCheck(watching: stream, entryPoints: ["extra"])
    }
  }

  deinit {
    expectations.checkFreedNow(release: { held.take() }, hint: Self.whatHoldsAStream)
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
  nonisolated(nonsending) public func receive<Source: Publisher>(
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
  nonisolated(nonsending) public func receive<Source: Publisher>(
    _ output: KeyPath<Stream.Output, Source>, timeout: Double? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    where isExpected: @escaping (Source.Output) -> Bool
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await expectations.receive(
      from: channel(of: output, at: site), timeout: timeout, at: site, where: isExpected)
  }

  /// Ends the test: fails, when exhaustive, on every value not asserted; then, for a
  /// tester that built its stream (and unless `checkFreed` is `false`), lets go of the
  /// stream and checks that it is freed.
  nonisolated(nonsending) public func finish(
    checkFreed: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await expectations.finish(
      checkFreed: checkFreed, release: { held.take() }, hint: Self.whatHoldsAStream,
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

  private func channel<Source>(of output: KeyPath<Stream.Output, Source>, at site: CallSite)
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
