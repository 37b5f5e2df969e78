import CustomDump
import Uniflow

extension ReactorTester {
  /// Waits for a mutation that `matches` accepts and checks the state after it.
  /// `expectation` names it in messages; `unexpected` is the failure for a mutation that
  /// is not it.
  func receive(
    _ matches: (Reactor.Mutation) -> Bool,
    expectation: String,
    unexpected: (Reactor.Mutation) -> String,
    timeout: Double?,
    assert updateExpected: ((inout Reactor.State) throws -> Void)?,
    at site: CallSite
  ) async {
    let seconds = timeout ?? self.timeout
    defer { reportFlowIssues(at: site) }
    if exhaustivity == .off {
      await receivePassingOver(
        matches, expectation: expectation, seconds: seconds, assert: updateExpected, at: site)
      return
    }
    // Wait for a mutation, or until the last effect ends without sending one.
    let ended = await wait(
      seconds: seconds, until: { !events.received.isEmpty || !mayDeliverLater },
      arrived: { !events.received.isEmpty })
    guard !events.received.isEmpty else {
      site.fail(nothingArrived(expectation, seconds: seconds, timedOut: !ended))
      return
    }
    let first = events.received.removeFirst()
    guard matches(first.mutation) else {
      site.fail(unexpected(first.mutation))
      expected = first.state
      return
    }
    check(
      updateExpected, against: first.state, what: "receiving \(expectation)",
      expectsChange: true, at: site)
  }

  /// The non-exhaustive `receive`: skips the mutations before the first that matches. It
  /// fails as soon as it can tell that none will (nothing more is in flight), and then
  /// leaves what it looked at to be received.
  private func receivePassingOver(
    _ matches: (Reactor.Mutation) -> Bool,
    expectation: String,
    seconds: Double,
    assert updateExpected: ((inout Reactor.State) throws -> Void)?,
    at site: CallSite
  ) async {
    let ended = await wait(
      seconds: seconds,
      until: { events.received.contains { matches($0.mutation) } || !mayDeliverLater },
      arrived: { events.received.contains { matches($0.mutation) } })
    guard let index = events.received.firstIndex(where: { matches($0.mutation) }) else {
      if events.received.isEmpty {
        site.fail(nothingArrived(expectation, seconds: seconds, timedOut: !ended))
      } else {
        site.fail(
          "Expected to receive \(expectation), but none of the \(events.received.count) mutation(s) "
            + "received matches it. " + stillInFlight(seconds: seconds, timedOut: !ended)
            + " They are left to be received:" + describe(events.received.map(\.mutation)))
      }
      return
    }
    if index > 0 {
      let skipped = events.received.prefix(index)
      showSkipped(
        "\(index) received mutation(s) were skipped:" + describe(skipped.map(\.mutation)),
        at: site)
      showSkippedStateChanges(from: expected, to: skipped.last!.state, at: site)
      expected = skipped.last!.state
      events.received.removeFirst(index)
    }
    let match = events.received.removeFirst()
    check(
      updateExpected, against: match.state, what: "receiving \(expectation)",
      expectsChange: true, at: site)
  }

  /// The message for a `receive` that got no mutation at all.
  private func nothingArrived(_ expectation: String, seconds: Double, timedOut: Bool) -> String {
    "Expected to receive \(expectation), but no mutation arrived. "
      + stillInFlight(seconds: seconds, timedOut: timedOut)
  }

  /// Why the tester stopped waiting: nothing it counts in flight, or the timeout. Told by
  /// the wait (`timedOut`), not by a look now: work that comes after the wait ended is not
  /// what ended it.
  private func stillInFlight(seconds: Double, timedOut: Bool) -> String {
    let runtime = reactor.runtime
    guard timedOut else {
      return "Nothing the tester counts is in flight: no effect is running, no action sent "
        + "from another thread is on its way, no transform hook is connected, and no screen "
        + "of a flow has work in flight." + (inFlight?.lostValueHint ?? "")
        + " (Work a dispatch queue's `async` or a thread of the app's own does cannot be "
        + "counted: it had \(Int(Self.unseenWorkGrace * 1_000)) ms of quiet, and the time "
        + "the tester's own work took to go through the pool and back, to arrive. None has "
        + "arrived in this test so far; once some does, a `receive` waits its whole timeout "
        + "for more. Start it through an effect, a `TaskPublisher` or a Combine operator, "
        + "and it is counted.)"
    }
    let other = otherWorkInFlight
    let unattributed = inFlight?.unattributed ?? []
    let uncounted =
      if let uncountedWork, runtime.runningEffectCount == 0, other.isEmpty,
        unattributed.isEmpty
      {
        " Nothing the tester counts was in flight: it waited for work it cannot count (a "
          + "queue or a thread of the app's own), because such work arrived earlier in this "
          + "test, \(uncountedWork.milliseconds) ms after a look had found nothing counted "
          + "in flight. Start that work through an effect, a `TaskPublisher` or a Combine "
          + "operator, and it is counted: then a `receive` that has nothing to wait for "
          + "fails at once."
      } else {
        ""
      }
    return "Waited \(seconds) s; \(runtime.runningEffectCount) effect(s) still running"
      + (other.isEmpty ? "." : "; in flight: " + other.joined(separator: "; ") + ".")
      + (unattributed.isEmpty
        ? ""
        : " Also waited for work no test's task started, which may be this test's: "
          + unattributed.joined(separator: "; ") + ".")
      + uncounted
  }

  /// Before a `send`: the mutations that arrived since the last step and were not
  /// received fail the test (exhaustive) or are skipped; either way they are cleared, so
  /// they are reported once.
  @usableFromInline
  func dropUnreceived(before action: Reactor.Action, at site: CallSite) {
    let mutations = describe(events.received.map(\.mutation))
    if exhaustivity == .on {
      site.fail(
        "Must handle \(events.received.count) received mutation(s) before sending an action:"
          + mutations)
    } else {
      showSkipped(
        "\(events.received.count) received mutation(s) were skipped before sending "
          + "\(String(customDumping: action)):\(mutations)", at: site)
      showSkippedStateChanges(from: expected, to: events.received.last!.state, at: site)
    }
    expected = events.received.last!.state
    events.received.removeAll(keepingCapacity: true)
  }

  /// The mutations, one to a paragraph, for a message that ends with them.
  func describe(_ mutations: [Reactor.Mutation]) -> String {
    "\n\n" + mutations.map { String(customDumping: $0).indent(by: 2) }.joined(separator: "\n")
  }
}
