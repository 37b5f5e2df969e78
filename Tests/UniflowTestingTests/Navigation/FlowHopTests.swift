import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A screen of a flow that hands its service's answer to the main actor before it asks to
/// close: whatever hop the app wrote, the flow's tester runs it before it believes that
/// nothing is in flight, so a correct test passes every time and never waits its timeout.
@MainActor
@Suite struct FlowHopTests {
  @Test(arguments: Hop.allCases)
  func aReportAfterTheScreensOwnHopIsReceivedWhenTheCallHasAlreadyEnded(hop: Hop) async {
    let gate = Gate()
    gate.open()
    // With a minute's timeout, a test that only passes by waiting would take a minute.
    let tester = ReactorTester(timeout: 60) { RecordFlow(gate: gate) }
    tester.send(.navigation(.setPath([.detail(1), .hopping(1, hop)]))) {
      $0.path = [.detail(1), .hopping(1, hop)]
    }
    tester.reactor.startSaving(at: 1)
    await tester.receive(.navigation(.didPop(toDepth: 1))) { $0.path = [.detail(1)] }
    await tester.finish()
  }

  @Test(arguments: Hop.allCases)
  func aReportAfterTheScreensOwnHopIsReceivedWhenTheCallEndsWhileTheTestWaits(hop: Hop) async {
    let gate = Gate()
    let tester = ReactorTester(timeout: 60) { RecordFlow(gate: gate) }
    tester.send(.navigation(.push(.hopping(4, hop)))) { $0.path = [.hopping(4, hop)] }
    tester.reactor.startSaving(at: 0)
    Task.detached {
      try? await Task.sleep(nanoseconds: 5_000_000)
      gate.open()
    }
    await tester.receive(.navigation(.didPop(toDepth: 0))) { $0.path = [] }
    await tester.finish()
  }

  /// How many times in a row each hop runs: 50 in the test command;
  /// `UNIFLOW_HOP_RUNS=1000` for the long loop (beside busy threads, say).
  static var runsInARow: Int {
    ProcessInfo.processInfo.environment["UNIFLOW_HOP_RUNS"].flatMap(Int.init) ?? 50
  }

  @Test(arguments: Hop.allCases)
  func aReportAfterTheHopIsReceivedTheSameWayFiftyTimesInARow(hop: Hop) async {
    for _ in 0..<Self.runsInARow {
      let gate = Gate()
      gate.open()
      let tester = ReactorTester(timeout: 60) { RecordFlow(gate: gate) }
      tester.send(.navigation(.push(.hopping(2, hop)))) { $0.path = [.hopping(2, hop)] }
      tester.reactor.startSaving(at: 0)
      await tester.receive(.navigation(.didPop(toDepth: 0))) { $0.path = [] }
      await tester.finish()
    }
  }

  @Test func aValueOnItsWayToSinkOnMainActorIsNamedAtFinish() async {
    // The hop is held up: the tester watches it, and a finish that comes first names it.
    let gate = Gate()
    let tester = ReactorTester(timeout: 60) { RecordFlow(gate: gate) }
    tester.send(.navigation(.push(.hopping(3, .sinkOnMainActor)))) {
      $0.path = [.hopping(3, .sinkOnMainActor)]
    }
    tester.reactor.startSaving(at: 0)
    gate.open()
    await tester.receive(.navigation(.didPop(toDepth: 0))) { $0.path = [] }
    await tester.finish()
  }

  @Test func receivingWhenNothingAtAllIsQueuedStillFailsAtOnce() async {
    // A minute's timeout: the message says which rule ended the wait. "Nothing is in
    // flight" is the drained main queue's answer; a wait that ran out would say how long it
    // waited. No clock is read: on a busy machine the main actor itself comes late.
    await withKnownIssue {
      let tester = ReactorTester(timeout: 60) { RecordFlow() }
      tester.send(.navigation(.push(.detail(1)))) { $0.path = [.detail(1)] }
      await tester.receive(.navigation(.pop))
      await tester.finish()
    } matching: {
      issue($0, says: "no mutation arrived", "Nothing the tester counts is in flight")
        && !$0.description.contains("Waited")
    }
  }

}
