import Testing
import Uniflow
import UniflowTesting

/// Nothing passes silently: each test names one rule of `ReactorTester` and shows it
/// failing where it should.
@MainActor
@Suite struct ReactorTesterStrictnessTests {
  // MARK: A tester let go of without finish()

  @Test func aTesterLetGoWithoutFinishReportsTheEffectStillRunning() {
    let reactor = LoaderReactor()
    withKnownIssue {
      do {
        let tester = ReactorTester(reactor)
        tester.send(.loadForever)
      }
    } matching: {
      issue($0, says: "1 effect(s) still running", "without calling")
    }
    // Letting go of it also ended the effect.
    #expect(reactor.runtime.runningEffectCount == 0)
  }

  @Test func anEffectStillRunningIsNamedByTheActionThatStartedItAndItsCancelID() async {
    final class Poller: Reactor {
      struct PollID: Hashable {}
      enum Action: Equatable { case startPolling(every: Int), plain }
      struct State: Equatable {}
      let initialState = State()
      let runtime = ReactorRuntime<Poller>()
      func mutate(action: Action) -> Effect<Action> {
        switch action {
        case .startPolling:
          .run { _ in try? await Task.sleep(nanoseconds: 60_000_000_000) }
            .cancellable(id: PollID())
        case .plain:
          .run { _ in try? await Task.sleep(nanoseconds: 60_000_000_000) }
        }
      }
      func reduce(state: inout State, mutation: Action) {}
    }
    await withKnownIssue {
      let tester = ReactorTester { Poller() }
      tester.send(.startPolling(every: 5))
      tester.send(.plain)
      await tester.finish(timeout: 0.1)
    } matching: {
      issue(
        $0, says: "2 effect(s) still running at the end of the test:",
        "• an effect started by `ReactorTesterStrictnessTests.Poller.Action.startPolling(every: 5)`, "
          + "cancel id `ReactorTesterStrictnessTests.Poller.PollID()`",
        "• an effect started by `ReactorTesterStrictnessTests.Poller.Action.plain`")
    }
  }

  @Test func aTesterLetGoWithoutFinishReportsTheMutationsNobodyReceived() async {
    await withKnownIssue {
      do {
        let tester = ReactorTester { LoaderReactor() }
        tester.send(.loadTwice)
        await eventually { tester.unreceivedMutations.count == 2 }
      }
    } matching: {
      issue($0, says: "2 received mutation(s) were not asserted", "without calling", "[1]: \"b\"")
    }
  }

  @Test func aFinishedTesterReportsNothingWhenLetGo() async {
    do {
      let tester = ReactorTester { LoaderReactor() }
      tester.send(.increase) { $0.count = 1 }
      await tester.finish()
    }
  }

  @Test func aNonExhaustiveTesterLetGoStaysQuiet() {
    let reactor = LoaderReactor()
    do {
      let tester = ReactorTester(reactor, exhaustivity: .off)
      tester.send(.loadForever)
    }
    #expect(reactor.runtime.runningEffectCount == 0)
  }

  // MARK: Skips

  @Test func skippingReceivedMutationsLetsReadyEffectsDeliverFirst() async {
    let tester = ReactorTester { LoaderReactor() }
    tester.send(.load) { $0.isLoading = true }
    // `.load`'s effect yields before it sends: its mutations are on their way.
    await tester.skipReceivedMutations()
    #expect(tester.state.items == ["milk"])
    #expect(tester.state.isLoading == false)
    await tester.finish()
  }

  @Test func aStrictSkipWithNothingToSkipFails() async {
    let tester = ReactorTester { LoaderReactor() }
    tester.send(.increase) { $0.count = 1 }
    await withKnownIssue {
      await tester.skipReceivedMutations()
    } matching: {
      issue($0, says: "no received mutations to skip")
    }
    withKnownIssue {
      tester.skipInFlightEffects()
    } matching: {
      issue($0, says: "no in-flight effects to skip")
    }
  }

  @Test func aLenientSkipWithNothingToSkipPasses() async {
    let tester = ReactorTester { LoaderReactor() }
    await tester.skipReceivedMutations(strict: false)
    tester.skipInFlightEffects(strict: false)
    await tester.finish()
  }

  @Test func shownSkippedAssertionsListTheMutationsASkipDropped() async {
    let tester = ReactorTester(exhaustivity: .off) { LoaderReactor() }
    tester.showSkippedAssertions = true
    tester.send(.loadTwice)
    await tester.skipReceivedMutations()
    let shown = tester.skippedAssertions.joined(separator: "\n")
    #expect(shown.contains("2 received mutation(s) were skipped:"))
    #expect(shown.contains("Mutation.setItems("))
    #expect(shown.contains("[1]: \"b\""))
  }

  @Test func shownSkippedAssertionsListTheMutationsASendPassedOver() async {
    let tester = ReactorTester(exhaustivity: .off) { LoaderReactor() }
    tester.showSkippedAssertions = true
    tester.send(.loadTwice)
    await eventually { tester.unreceivedMutations.count == 2 }
    tester.send(.increase) { $0.count = 1 }
    let shown = tester.skippedAssertions.joined(separator: "\n")
    #expect(shown.contains("2 received mutation(s) were skipped before sending"))
    #expect(shown.contains("Action.increase"))
    #expect(shown.contains("[1]: \"b\""))
  }

  // MARK: receive

  @Test func receivingWithNothingInFlightFailsAtOnceAndSaysSo() async {
    let tester = ReactorTester(timeout: 60) { LoaderReactor() }
    tester.send(.increase) { $0.count = 1 }
    // With a minute's timeout, only the rule makes this test end quickly.
    await withKnownIssue {
      await tester.receive(.increase)
    } matching: {
      issue($0, says: "no mutation arrived", "Nothing the tester counts is in flight")
    }
  }

  @Test func receivingStopsWaitingWhenTheLastEffectEndsWithoutTheMutation() async {
    let tester = ReactorTester(timeout: 60) { LoaderReactor() }
    tester.send(.loadTwice)
    await tester.receive(.setItems(["a"])) { $0.items = ["a"] }
    await tester.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
    await withKnownIssue {
      await tester.receive(.setItems(["c"]))
    } matching: {
      issue($0, says: "Nothing the tester counts is in flight")
    }
  }

  @Test func aFailedNonExhaustiveReceiveLeavesWhatItPassedOver() async {
    let tester = ReactorTester(exhaustivity: .off, timeout: 60) { LoaderReactor() }
    tester.send(.loadTwice)
    await withKnownIssue {
      await tester.receive(.setItems(["c"]))
    } matching: {
      issue(
        $0, says: "none of the 2 mutation(s) received matches",
        "Nothing the tester counts is in flight")
    }
    // One wrong expectation costs one failure: both mutations can still be received.
    await tester.receive(.setItems(["a"])) { $0.items = ["a"] }
    await tester.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
    await tester.finish()
  }

  @Test func aNonExhaustiveReceivePassesOverMutationsBeforeTheMatch() async {
    let tester = ReactorTester(exhaustivity: .off) { LoaderReactor() }
    tester.send(.loadTwice)
    await tester.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
    #expect(tester.unreceivedMutations.isEmpty)
    await tester.finish()
  }

  @Test func anUnexpectedMutationIsShownAsADiff() async {
    let tester = ReactorTester { LoaderReactor() }
    tester.send(.loadTwice)
    await withKnownIssue {
      await tester.receive(.setItems(["bread"]))
    } matching: {
      issue($0, says: "unexpected mutation", "−     [0]: \"bread\"", "+     [0]: \"a\"")
    }
    await tester.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
    await tester.finish()
  }

  @Test func thePredicateFormNamesTheMutationItSaw() async {
    let tester = ReactorTester { LoaderReactor() }
    tester.send(.loadTwice)
    await withKnownIssue {
      await tester.receive({ _ in false })
    } matching: {
      issue($0, says: "the predicate rejected", "Mutation.setItems(", "[0]: \"a\"")
    }
    await tester.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
    await tester.finish()
  }

  // MARK: Assertion closures

  @Test func aClosureWhereTheStateDidNotChangeFails() async {
    let tester = ReactorTester { LoaderReactor() }
    tester.send(.increase) { $0.count = 1 }
    withKnownIssue {
      tester.send(.loadForever) { $0.count = $0.count }
    } matching: {
      issue($0, says: "Expected the state to change", "no change occurred")
    }
    tester.skipInFlightEffects()
    await tester.finish()
  }

  @Test func anEmptyClosureWhereTheStateChangedSaysSo() {
    let tester = ReactorTester { LoaderReactor() }
    withKnownIssue {
      tester.send(.increase) { _ in }
    } matching: {
      issue($0, says: "differs", "The assertion closure made no change")
    }
  }

  // MARK: state, assert, and a send's task

  @Test func theStateIsTheLastAssertedStepNotTheLiveOne() async {
    let tester = ReactorTester { LoaderReactor() }
    tester.send(.loadTwice)
    await eventually { tester.unreceivedMutations.count == 2 }
    #expect(tester.reactor.currentState.items == ["a", "b"])
    #expect(tester.state.items == [])
    await tester.receive(.setItems(["a"])) { $0.items = ["a"] }
    #expect(tester.state.items == ["a"])
    await tester.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
    await tester.finish()
  }

  @Test func assertChecksTheStateWithoutSending() async {
    let tester = ReactorTester(exhaustivity: .off) { LoaderReactor() }
    tester.send(.load)
    await tester.skipReceivedMutations()
    tester.assert { $0.items = ["milk"] }
    withKnownIssue {
      tester.assert { $0.items = ["bread"] }
    } matching: {
      issue($0, says: "State after asserting differs", "bread")
    }
    await tester.finish()
    tester.assert { $0.isLoading = false }
  }

  @Test func anExhaustiveAssertAsksForTheMutationsNotYetReceived() async {
    let tester = ReactorTester { LoaderReactor() }
    tester.send(.loadTwice)
    await eventually { tester.unreceivedMutations.count == 2 }
    withKnownIssue {
      tester.assert { $0.items = ["a", "b"] }
    } matching: {
      issue($0, says: "Must receive 2 mutation(s) before asserting")
    }
    await tester.skipReceivedMutations()
    tester.assert { $0.items = ["a", "b"] }
    await tester.finish()
  }

  @Test func aSendsTaskCancelsOnlyItsOwnEffects() async {
    let tester = ReactorTester { LoaderReactor() }
    let first = tester.send(.loadForever)
    let second = tester.send(.loadForever)
    #expect(first.isRunning && second.isRunning)
    await first.cancel()
    #expect(!first.isRunning)
    #expect(second.isRunning)
    await second.cancel()
    await tester.finish()
  }

  @Test func aSendsTaskWaitsForItsOwnEffects() async {
    let tester = ReactorTester { LoaderReactor() }
    let load = tester.send(.load) { $0.isLoading = true }
    await load.finish()
    #expect(tester.unreceivedMutations == [.setItems(["milk"]), .setLoading(false)])
    await tester.receive(.setItems(["milk"])) { $0.items = ["milk"] }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }

  @Test func aSendsTaskStillRunningAfterItsTimeoutFails() async {
    let tester = ReactorTester { LoaderReactor() }
    let forever = tester.send(.loadForever)
    await withKnownIssue {
      await forever.finish(timeout: 0.05)
    } matching: {
      issue($0, says: "1 of them were still running")
    }
    await forever.cancel()
    await tester.finish()
  }
}
