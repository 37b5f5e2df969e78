import CustomDump
import Uniflow

extension ReactorTester {
  /// Checks `actual` against the expected state that `updateExpected` makes; the failures
  /// are reported out of line. With `expectsChange`, a closure given where the state did
  /// not change fails: it asserts nothing.
  @inlinable
  func check(
    _ updateExpected: ((inout Reactor.State) throws -> Void)?,
    against actual: Reactor.State,
    what: @autoclosure () -> String,
    expectsChange: Bool,
    at site: CallSite
  ) {
    // Exhaustive: the closure turns the previous expected state into the new one. Not
    // exhaustive: it is applied to the actual state, so only what it sets is checked.
    // `expected` is read once: the closure may be given a copy, and the comparison below
    // needs the state before it.
    let isExhaustive = exhaustivity == .on
    let previous = expected
    var expectedState = isExhaustive ? previous : actual
    if let updateExpected {
      do {
        try updateExpected(&expectedState)
      } catch {
        // One failure, with its cause: what the closure left half done says nothing.
        site.fail("The assertion closure threw: \(error)")
        expected = actual
        return
      }
    }
    if !isExhaustive, showSkippedAssertions {
      showSkippedStateChanges(updateExpected, actual: actual, what: what(), at: site)
    }
    if expectedState != actual {
      failStateDifference(
        expected: expectedState, actual: actual, closure: updateExpected, what: what(),
        at: site)
    } else if expectsChange, isExhaustive, updateExpected != nil, actual == previous {
      // Not exhaustive, a closure may restate what it expects whether or not it changed.
      failNoChange(what: what(), at: site)
    }
    expected = actual
  }

  @usableFromInline
  func failNoChange(what: String, at site: CallSite) {
    site.fail(
      "Expected the state to change after \(what), but no change occurred. Leave the "
        + "assertion closure out when the state should stay as it is.")
  }

  @usableFromInline
  func showSkippedStateChanges(
    _ updateExpected: ((inout Reactor.State) throws -> Void)?, actual: Reactor.State,
    what: String, at site: CallSite
  ) {
    // What an exhaustive tester would have asked for.
    var exhaustiveState = expected
    try? updateExpected?(&exhaustiveState)
    if exhaustiveState != actual {
      let difference = diff(exhaustiveState, actual, format: .proportional) ?? ""
      showSkipped("Skipped asserting state changes after \(what):\n\n\(difference)", at: site)
    }
  }

  @usableFromInline
  func failStateDifference(
    expected expectedState: Reactor.State, actual: Reactor.State,
    closure: ((inout Reactor.State) throws -> Void)?, what: String, at site: CallSite
  ) {
    let difference =
      diff(expectedState, actual, format: .proportional)
      .map { "\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" } ?? ""
    var message = "State after \(what) differs from the expected state:\n\n\(difference)"
    if exhaustivity == .on, expectedState == expected, actual != expected {
      message +=
        closure == nil
        ? "\n\nThe state changed; describe the change in an assertion closure."
        : "\n\nThe assertion closure made no change to the state."
    }
    site.fail(message)
  }

  /// Shows, as skipped, how the state went from `before` to `after` through mutations the
  /// test passed over (nothing when it did not change).
  func showSkippedStateChanges(
    from before: Reactor.State, to after: Reactor.State, at site: CallSite
  ) {
    guard showSkippedAssertions, before != after,
      let difference = diff(before, after, format: .proportional)
    else { return }
    showSkipped(
      "Skipped asserting the state changes of the skipped mutation(s):\n\n"
        + difference.indent(by: 4) + "\n\n(Before: −, After: +)", at: site)
  }

  /// Reports what a non-exhaustive test skipped, as an expected issue, when asked to.
  func showSkipped(_ message: String, at site: CallSite) {
    guard showSkippedAssertions else { return }
    skippedAssertions.append(message)
    site.showAsExpected(message)
  }
}

extension String {
  /// The text with each line moved right by `spaces`.
  func indent(by spaces: Int) -> String {
    let padding = String(repeating: " ", count: spaces)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { padding + $0 }.joined(separator: "\n")
  }
}
