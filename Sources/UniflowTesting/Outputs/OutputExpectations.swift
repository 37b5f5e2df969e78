import CustomDump
import Foundation
import IssueReporting

/// What ``StreamTester`` and ``OutputTester`` share: the recorded values, the rule that
/// each must be asserted in order, and the report of what was left.
final class OutputExpectations {
  let recorder: OutputRecorder
  var exhaustivity: Exhaustivity
  var timeout: Double
  private var isFinished = false
  private let createdAt: CallSite
  /// The `TaskPublisher` calls started from the test's task and not answered yet.
  private var inFlight = WorkInFlight()

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
  /// accepts it (`check` returns a failure message, or `nil`). Without exhaustivity, the
  /// values before the first that matches are skipped; when none matches, the failure
  /// leaves them to be received. Either way it stops waiting as soon as every output has
  /// completed, since nothing more can come.
  nonisolated(nonsending) func receive(
    from channel: Int, timeout: Double?, at site: CallSite,
    check: (Any) -> String?
  ) async {
    let seconds = timeout ?? self.timeout
    let name = recorder.names[channel]
    if exhaustivity == .off {
      func matches(_ entry: OutputRecorder.Entry) -> Bool {
        entry.channel == channel && check(entry.value) == nil
      }
      await recorder.wait(seconds: seconds) { $0.contains(where: matches) }
      if recorder.takeFirst(where: matches) == nil {
        let left = recorder.pending
        site.fail(
          "Expected a matching value of `\(name)`, but "
            + (left.isEmpty
              ? "none arrived. " : "none of the \(left.count) value(s) received matches. ")
            + whyItStopped(seconds: seconds)
            + (left.isEmpty ? "" : " They are left to be received:\n\n" + describe(left)))
      }
      return
    }
    await recorder.wait(seconds: seconds) { !$0.isEmpty }
    guard let entry = recorder.takeFirst() else {
      site.fail(
        "Expected a value of `\(name)`, but none arrived. " + whyItStopped(seconds: seconds)
          + (recorder.isSettled ? "" : " " + whatToCheck) + start(of: channel))
      return
    }
    guard entry.channel == channel else {
      site.fail(
        "Expected a value of `\(name)`, but the next value came from "
          + "`\(recorder.names[entry.channel])`: \(String(customDumping: entry.value))")
      return
    }
    if let problem = check(entry.value) {
      site.fail("The value of `\(name)` is not the expected one:\n\n\(problem)")
    }
  }

  /// What usually keeps an expected value from arriving.
  private var whatToCheck: String {
    "Check that the input that leads to it was sent to the instance under test; that an "
      + "operator on a test scheduler (`debounce`, `delay`, `receive(on:)`) was advanced "
      + "past its time; that a service the test replaced answers; and that a `filter` or "
      + "`removeDuplicates` does not drop the value."
  }

  /// Why a `receive` stopped waiting: nothing can come any more, or the timeout; and the
  /// calls still in flight.
  private func whyItStopped(seconds: Double) -> String {
    if recorder.isSettled { return "Nothing is in flight: every output has completed." }
    let calls = inFlight.calls
    return "Waited \(seconds) s"
      + (calls.isEmpty ? "." : "; still in flight: " + calls.joined(separator: "; ") + ".")
  }

  /// What the output held when the tester subscribed, said when it may be what the test
  /// expected.
  private func start(of channel: Int) -> String {
    guard let value = recorder.startValues[channel] else { return "" }
    return " `\(recorder.names[channel])` held \(String(customDumping: value)) when the tester "
      + "subscribed: that is its start, which is not recorded (read it from the output)."
  }

  /// Checks that the next value is `expected`, from `channel`; does nothing when the
  /// tester could not find the output (`channel` is `nil`, already reported).
  nonisolated(nonsending) func receive<Value: Equatable>(
    _ expected: Value, from channel: Int?, timeout: Double?, at location: CallSite
  ) async {
    guard let channel else { return }
    await receive(from: channel, timeout: timeout, at: location) {
      mismatch(expected: expected, actual: $0)
    }
  }

  /// Checks that the next value came from `channel` and that `isExpected` accepts it.
  nonisolated(nonsending) func receive<Value>(
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

  /// Fails, when exhaustive, on every value not asserted and every call still in flight;
  /// then cancels those calls and stops watching.
  func finish(at location: CallSite) {
    isFinished = true
    if exhaustivity == .on {
      reportUnasserted(at: location, when: "at the end of the test")
      reportCallsInFlight(at: location, when: "at the end of the test")
    }
    _ = inFlight.cancelCalls()
    inFlight.stop()
    recorder.removeAll()
    recorder.cancel()
  }

  /// Waits, up to the tester's timeout, for the calls in flight to answer, so that what
  /// they send is recorded before the end is checked.
  nonisolated(nonsending) func letCallsAnswer() async {
    let inFlight = self.inFlight
    await recorder.wait(seconds: timeout) { _ in inFlight.calls.isEmpty }
  }

  /// Cancels the calls in flight, so that `finish()` neither waits for them nor fails on
  /// them; with `strict`, fails when there were none.
  func skipInFlightWork(strict: Bool, at site: CallSite) {
    let cancelled = inFlight.cancelCalls()
    if strict, cancelled == 0 {
      site.fail(
        "There was no work in flight to skip. Remove the skip, or pass `strict: false`.")
    }
  }

  private func reportCallsInFlight(at location: CallSite, when moment: String) {
    let calls = inFlight.calls
    guard !calls.isEmpty else { return }
    location.fail(
      "\(calls.count) call(s) still in flight \(moment), whose values no output has "
        + "sent:\n\n" + calls.map { "  • " + $0 }.joined(separator: "\n")
        + "\n\nMake the service the test gave answer, or call `skipInFlightWork()` to cancel "
        + "them on purpose.")
  }

  /// Whether the thing under test must be freed at the end; `nil` when the test may hold
  /// it too.
  var freedCheck: FreedCheck?

  /// A tester's `finish`: ``finish(at:)``, then, with `checkFreed`, lets go of the thing
  /// under test (`release` hands over the tester's reference and forgets it) and fails if
  /// it is not freed, saying what may hold it (`hint`).
  nonisolated(nonsending) func finish(
    checkFreed: Bool, release: () -> AnyObject?, hint: String, at site: CallSite
  ) async {
    await letCallsAnswer()
    finish(at: site)
    guard checkFreed, let freedCheck else { return }
    weak let object = release()
    if let problem = await freedCheck.problems(after: 1, object: { object }, explaining: hint) {
      site.fail(problem)
    }
  }

  /// The freed check of ``finish(checkFreed:release:hint:at:)`` without waiting, for a tester the test let
  /// go of without `finish()`.
  func checkFreedNow(release: () -> AnyObject?, hint: String) {
    guard !isFinished, let freedCheck else { return }
    weak let object = release()
    if let problem = freedCheck.report(object: object, hint: hint) { createdAt.fail(problem) }
  }

  /// Forgets the values received and not yet asserted; with `strict`, fails when there
  /// were none.
  func skipReceivedValues(strict: Bool, at site: CallSite) {
    if strict, recorder.pending.isEmpty {
      site.fail("There were no received values to skip. Remove the skip, or pass `strict: false`.")
    }
    recorder.removeAll()
  }

  deinit {
    // A tester the test forgot to finish still reports what it was never asked about.
    if !isFinished, exhaustivity == .on {
      let moment = "when the test let go of the tester without calling `await tester.finish()`"
      reportUnasserted(at: createdAt, when: moment)
      reportCallsInFlight(at: createdAt, when: moment)
    }
    if !isFinished {
      _ = inFlight.cancelCalls()
      inFlight.stop()
    }
    recorder.cancel()
  }

  private func reportUnasserted(at location: CallSite, when moment: String) {
    let left = recorder.pending
    guard !left.isEmpty else { return }
    location.fail(
      "\(left.count) output value(s) were not asserted \(moment):\n\n" + describe(left))
  }

  /// The values, one to a line, each after its output's name.
  private func describe(_ entries: [OutputRecorder.Entry]) -> String {
    entries.map { "  \(recorder.names[$0.channel]): \(String(customDumping: $0.value))" }
      .joined(separator: "\n")
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
