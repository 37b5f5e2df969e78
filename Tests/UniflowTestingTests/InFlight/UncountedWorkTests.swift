import Foundation
import Testing
import Uniflow

@testable import UniflowTesting

/// Work on a queue of the app's own is counted by nobody. A `receive` that finds nothing
/// counted in flight gives it a grace; once such work has arrived in the test, its whole
/// timeout, and a failure then says what it waited for.
@MainActor
@Suite(.serialized) struct UncountedWorkTests {
  typealias Tally = ActionsFromAnyThreadTests.TallyReactor

  /// Sends `action` from a queue of the app's own, `seconds` after the tester's next wait
  /// has found nothing counted in flight.
  func sendFromTheAppsOwnQueue(
    _ action: Tally.Action, to tester: ReactorTester<Tally>, after seconds: Double
  ) {
    let relay = tester.reactor.action
    let quiet = DispatchSemaphore(value: 0)
    tester.whenQuietBegins = { quiet.signal() }
    DispatchQueue(label: "the app's own").async {
      quiet.wait()
      Thread.sleep(forTimeInterval: seconds)
      relay.send(action)
    }
  }

  /// Work on the app's own queue, received within the grace: the tester sees that it came
  /// with nothing counted in flight.
  func letTheTesterSeeUncountedWork(_ tester: ReactorTester<Tally>, thread: Int) async {
    sendFromTheAppsOwnQueue(.add(thread: thread), to: tester, after: 0)
    await tester.receive(.add(thread: thread)) { $0.perThread[thread] = 1 }
    #expect(tester.uncountedWork != nil)
  }

  @Test func workOnTheAppsOwnQueueThatArrivedOnceIsWaitedForLongAfterTheGrace() async {
    let tester = ReactorTester(timeout: 30) { Tally() }
    // Within the grace: it arrives, and shows that this screen does such work.
    await letTheTesterSeeUncountedWork(tester, thread: 0)
    // Eight times the grace: waited for, where before the tester had seen such work it
    // would have failed on "nothing the tester counts is in flight".
    sendFromTheAppsOwnQueue(.add(thread: 1), to: tester, after: 0.4)
    await tester.receive(.add(thread: 1)) { $0.perThread[1] = 1 }
    await tester.finish()
  }

  @Test func aReceiveAfterSuchWorkWaitsItsTimeoutAndSaysWhatItWaitedFor() async {
    await withKnownIssue {
      let tester = ReactorTester(timeout: 0.5) { Tally() }
      await letTheTesterSeeUncountedWork(tester, thread: 2)
      let started = ContinuousClock.now
      await tester.receive(.add(thread: 3))
      // The whole timeout, not the grace.
      #expect(ContinuousClock.now - started >= .milliseconds(450))
      await tester.finish()
    } matching: {
      issue($0, says: "no mutation arrived", "Waited 0.5 s", "it waited for work it cannot count")
        && !$0.description.contains("Nothing the tester counts is in flight:")
    }
  }

  @Test func withNoSuchWorkSeenAReceiveWithNothingCountedFailsAfterTheGraceOnly() async {
    await withKnownIssue {
      let tester = ReactorTester(timeout: 30) { Tally() }
      tester.send(.add(thread: 4)) { $0.perThread[4] = 1 }
      let started = ContinuousClock.now
      await tester.receive(.add(thread: 5))
      #expect(ContinuousClock.now - started < .seconds(10))
      #expect(tester.uncountedWork == nil)
      await tester.finish()
    } matching: {
      issue(
        $0, says: "no mutation arrived", "Nothing the tester counts is in flight",
        "None has arrived in this test so far")
        && !$0.description.contains("Waited")
    }
  }
}
