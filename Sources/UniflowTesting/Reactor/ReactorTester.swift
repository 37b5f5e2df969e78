import CustomDump
import Foundation
import IssueReporting
import Uniflow

/// Tests a reactor exhaustively, in the style of TCA's `TestStore`: each `send` states how
/// the state changes, each mutation an effect produces later must be `receive`d, and
/// ``finish(timeout:fileID:filePath:line:column:)`` fails if an effect is still running.
///
/// ```swift
/// @MainActor @Test func refreshLoadsTasks() async {
///   let tester = ReactorTester(TaskListViewReactor(provider: MockServiceProvider()))
///   tester.send(.refresh) { $0.isLoading = true }
///   await tester.receive(.setTasks([task])) {
///     $0.tasks = [task]
///     $0.isLoading = false
///   }
///   await tester.finish()
/// }
/// ```
///
/// A failure is reported through `IssueReporting`, so it shows up in Swift Testing and
/// XCTest alike, with a diff of the expected and actual state. With
/// ``Exhaustivity/off`` the tester checks only what the test asserts.
@MainActor
public final class ReactorTester<Reactor: Uniflow.Reactor> where Reactor.State: Equatable {
  /// The reactor under test.
  public let reactor: Reactor
  /// How strict the tester is; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity
  /// With ``Exhaustivity/off``, whether what the tester skips (mutations the test did not
  /// receive, state changes its assertions did not mention, effects still running) is
  /// shown as expected issues: visible in the test's report, never a failure. Off by
  /// default. (Under XCTest on Linux, IssueReporting cannot mark them expected.)
  public var showSkippedAssertions = false

  /// The skipped assertions shown so far, oldest first (see ``showSkippedAssertions``).
  public private(set) var skippedAssertions: [String] = []

  /// How long `receive` and ``finish(timeout:fileID:filePath:line:column:)`` wait, in
  /// seconds, by default.
  public var timeout: Double

  // The state and the received mutations are used by the inlinable `send`, so that a
  // test's sends run specialised for its reactor, as the app's do.
  @usableFromInline var expected: Reactor.State
  @usableFromInline var received: [(mutation: Reactor.Mutation, state: Reactor.State)] = []
  /// The wait in progress, resumed by the engine's next event or by its deadline.
  private var waiter: CheckedContinuation<Void, Never>?

  /// Starts testing `reactor` from its current state.
  @inlinable
  public init(_ reactor: Reactor, exhaustivity: Exhaustivity = .on, timeout: Double = 1) {
    self.reactor = reactor
    self.exhaustivity = exhaustivity
    self.timeout = timeout
    expected = reactor.currentState
    // The tester watches the engine; it does not change how the engine runs work.
    reactor.runtime.didReduce = { [weak self] mutation, state in
      self?.received.append((mutation, state))
      self?.wake()
    }
    reactor.runtime.didEndEffect = { [weak self] in self?.wake() }
  }

  /// The mutations received from effects and not yet asserted with `receive`.
  public var unreceivedMutations: [Reactor.Mutation] { received.map(\.mutation) }

  /// Sends `action` and checks the state it leaves behind: `assert` turns the state before
  /// the send into the state expected after everything the action changed synchronously.
  ///
  /// ```swift
  /// tester.send(.increase) { $0.count = 1 }
  /// ```
  @inlinable
  public func send(
    _ action: Reactor.Action,
    assert updateExpected: ((inout Reactor.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    if exhaustivity == .on, !received.isEmpty { failUnhandledMutations(at: location) }
    received.removeAll(keepingCapacity: true)
    reactor.send(action)
    // Everything reduced during `send` belongs to this action.
    received.removeAll(keepingCapacity: true)
    check(updateExpected, against: reactor.currentState, what: "sending \(action)", at: location)
  }

  /// Waits for the next mutation an effect produces, checks it equals `mutation`, and
  /// checks the state after it; `assert` turns the previous expected state into it.
  ///
  /// ```swift
  /// await tester.receive(.setTasks([task])) { $0.tasks = [task] }
  /// ```
  public func receive(
    _ mutation: Reactor.Mutation,
    timeout: Double? = nil,
    assert updateExpected: ((inout Reactor.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Reactor.Mutation: Equatable {
    await receive(
      { $0 == mutation }, description: "\(mutation)", timeout: timeout, assert: updateExpected,
      at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for the next mutation an effect produces, checks it matches `isExpected`, and
  /// checks the state after it.
  ///
  /// ```swift
  /// await tester.receive({ if case .setError = $0 { true } else { false } }) {
  ///   $0.isLoading = false
  /// }
  /// ```
  public func receive(
    _ isExpected: (Reactor.Mutation) -> Bool,
    timeout: Double? = nil,
    assert updateExpected: ((inout Reactor.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await receive(
      isExpected, description: "a matching mutation", timeout: timeout,
      assert: updateExpected,
      at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for every effect to finish; fails if one is still running after `timeout`
  /// seconds, or if a received mutation was never asserted. Running effects are then
  /// cancelled.
  public func finish(
    timeout: Double? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    let running = await waitForEffects(timeout: timeout ?? self.timeout)
    if exhaustivity == .on {
      if running > 0 {
        fail(
          "\(running) effect(s) still running at the end of the test. Make them finish, or "
            + "cancel them, before the test ends.", at: location)
      }
      if !received.isEmpty {
        fail(
          "\(received.count) received mutation(s) were not asserted: "
            + describe(received.map(\.mutation)), at: location)
      }
    } else {
      if running > 0 { showSkipped("Skipped \(running) effect(s) still running", at: location) }
      if !received.isEmpty {
        showSkipped(
          "Skipped receiving \(describe(received.map(\.mutation)))", at: location)
      }
    }
    reactor.runtime.cancelAllEffects()
    received.removeAll()
  }

  /// Cancels the effects still running, so that ``finish(timeout:fileID:filePath:line:column:)``
  /// does not wait for them or fail on them; TCA's `skipInFlightEffects`.
  ///
  /// ```swift
  /// tester.send(.startTimer)
  /// await tester.receive(.tick) { $0.seconds = 1 }
  /// tester.skipInFlightEffects()      // the timer would run forever
  /// await tester.finish()
  /// ```
  public func skipInFlightEffects(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let running = reactor.runtime.runningEffectCount
    if running > 0 {
      showSkipped(
        "Skipped \(running) effect(s) still running",
        at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    reactor.runtime.cancelAllEffects()
  }

  /// Forgets the mutations received and not yet asserted, and takes the reactor's current
  /// state as the expected one.
  public func skipReceivedMutations() {
    received.removeAll()
    expected = reactor.currentState
  }

  // MARK: - Implementation

  @usableFromInline
  struct Location {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    @usableFromInline
    init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
      self.fileID = fileID
      self.filePath = filePath
      self.line = line
      self.column = column
    }
  }

  private func receive(
    _ isExpected: (Reactor.Mutation) -> Bool,
    description: String,
    timeout: Double?,
    assert updateExpected: ((inout Reactor.State) throws -> Void)?,
    at location: Location
  ) async {
    let seconds = timeout ?? self.timeout
    if exhaustivity == .off {
      // Skip what the test does not care about, as it arrives.
      var skipped: [Reactor.Mutation] = []
      _ = await wait(seconds: seconds) {
        while let first = received.first, !isExpected(first.mutation) {
          received.removeFirst()
          skipped.append(first.mutation)
          expected = first.state
        }
        return !received.isEmpty
      }
      if !skipped.isEmpty {
        showSkipped("Skipped receiving \(describe(skipped))", at: location)
      }
    } else {
      _ = await wait(seconds: seconds) { !received.isEmpty }
    }
    guard !received.isEmpty else {
      let running = reactor.runtime.runningEffectCount
      fail(
        "Expected to receive \(description), but no mutation arrived within "
          + "\(seconds) s (\(running) effect(s) running).", at: location)
      return
    }
    let first = received.removeFirst()
    guard isExpected(first.mutation) else {
      fail(
        "Received an unexpected mutation: expected \(description), got "
          + describe([first.mutation]), at: location)
      expected = first.state
      return
    }
    check(updateExpected, against: first.state, what: "receiving \(description)", at: location)
  }

  @usableFromInline
  func failUnhandledMutations(at location: Location) {
    fail(
      "Must handle \(received.count) received mutation(s) before sending an action: "
        + describe(received.map(\.mutation)), at: location)
  }

  /// Checks `actual` against the expected state that `updateExpected` makes; the failures
  /// are reported out of line.
  @inlinable
  func check(
    _ updateExpected: ((inout Reactor.State) throws -> Void)?,
    against actual: Reactor.State,
    what: @autoclosure () -> String,
    at location: Location
  ) {
    // Exhaustive: the closure turns the previous expected state into the new one. Not
    // exhaustive: it is applied to the actual state, so only what it sets is checked.
    var expectedState = exhaustivity == .on ? expected : actual
    if let updateExpected {
      do {
        try updateExpected(&expectedState)
      } catch {
        fail("The assertion closure threw: \(error)", at: location)
      }
    }
    if exhaustivity == .off, showSkippedAssertions {
      showSkippedStateChanges(updateExpected, actual: actual, what: what(), at: location)
    }
    if expectedState != actual {
      failStateDifference(expected: expectedState, actual: actual, what: what(), at: location)
    }
    expected = actual
  }

  @usableFromInline
  func showSkippedStateChanges(
    _ updateExpected: ((inout Reactor.State) throws -> Void)?, actual: Reactor.State,
    what: String, at location: Location
  ) {
    // What an exhaustive tester would have asked for.
    var exhaustiveState = expected
    try? updateExpected?(&exhaustiveState)
    if exhaustiveState != actual {
      let difference = diff(exhaustiveState, actual, format: .proportional) ?? ""
      showSkipped(
        "Skipped asserting state changes after \(what):\n\n\(difference)", at: location)
    }
  }

  @usableFromInline
  func failStateDifference(
    expected: Reactor.State, actual: Reactor.State, what: String, at location: Location
  ) {
    let difference =
      diff(expected, actual, format: .proportional)
      .map { "\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" } ?? ""
    fail("State after \(what) differs from the expected state:\n\n\(difference)", at: location)
  }

  private func waitForEffects(timeout: Double) async -> Int {
    _ = await wait(seconds: timeout) { reactor.runtime.runningEffectCount == 0 }
    return reactor.runtime.runningEffectCount
  }

  /// Waits until `condition` holds, checking it again at each event of the engine (a
  /// reduced mutation, an effect that ended) rather than on a clock; gives up after
  /// `seconds`. Returns whether the condition held.
  private func wait(seconds: Double, until condition: () -> Bool) async -> Bool {
    if condition() { return true }
    let nanoseconds = UInt64(max(0, seconds) * 1_000_000_000)
    let deadline = DispatchTime.now().uptimeNanoseconds + nanoseconds
    let timer = Task { @MainActor [weak self] in
      try? await Task.sleep(nanoseconds: nanoseconds)
      self?.wake()
    }
    defer { timer.cancel() }
    while !condition() {
      if DispatchTime.now().uptimeNanoseconds >= deadline { return false }
      await withCheckedContinuation { waiter = $0 }
    }
    return true
  }

  @usableFromInline
  func wake() {
    let waiter = self.waiter
    self.waiter = nil
    waiter?.resume()
  }

  private func describe(_ mutations: [Reactor.Mutation]) -> String {
    mutations.map { String(customDumping: $0) }.joined(separator: ", ")
  }

  /// Reports what a non-exhaustive test skipped, as an expected issue, when asked to.
  private func showSkipped(_ message: String, at location: Location) {
    guard showSkippedAssertions else { return }
    skippedAssertions.append(message)
    withExpectedIssue(
      fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column
    ) {
      reportIssue(
        message, fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column)
    }
  }

  @usableFromInline
  func fail(_ message: String, at location: Location) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }
}

/// How strict a ``ReactorTester`` is.
public enum Exhaustivity: Sendable {
  /// Every state change and every mutation must be asserted, and no effect may outlive
  /// the test.
  case on
  /// Only what the test asserts is checked; other mutations are skipped and effects still
  /// running at the end are cancelled.
  case off
}

extension String {
  fileprivate func indent(by spaces: Int) -> String {
    let padding = String(repeating: " ", count: spaces)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { padding + $0 }.joined(separator: "\n")
  }
}
