import Testing

@testable import Uniflow

/// The engine's rules on plain values: no reactor, no main actor, no threads.
@Suite struct ReactorEngineTests {
  typealias Engine = ReactorEngine<String, Int, Int>

  @Test func anActionWhileNothingRunsStartsAUnitAndTheUnitEndsWhenNothingWaits() {
    var engine = Engine()
    #expect(engine.route(action: "a") == .admitted(.startUnit))
    #expect(engine.isRunning)
    #expect(engine.next() == nil)
    #expect(!engine.isRunning)
    #expect(engine.route(action: "b") == .admitted(.startUnit))
  }

  @Test func actionsDuringAUnitWaitAndComeOutOldestFirstOnce() {
    var engine = Engine()
    _ = engine.route(action: "a")
    #expect(engine.route(action: "b") == .admitted(.queued))
    #expect(engine.route(action: "c") == .admitted(.queued))
    #expect(actions(drainedFrom: &engine) == ["b", "c"])
    // A unit that ended holds nothing: the queue does not grow from unit to unit.
    #expect(engine.waiting.isEmpty)
    #expect(engine.head == 0)
    #expect(engine.route(action: "d") == .admitted(.startUnit))
    #expect(actions(drainedFrom: &engine) == [])
  }

  @Test func aMutationDuringAUnitIsReducedAtOnceUnlessAStateIsBeingDelivered() {
    var engine = Engine()
    _ = engine.route(action: "a")
    #expect(engine.route(mutation: 1) == .admitted(.performNow))
    engine.beginDelivery()
    #expect(engine.route(mutation: 2) == .admitted(.queued))
    #expect(engine.route(action: "b") == .admitted(.queued))
    engine.endDelivery()
    #expect(engine.route(mutation: 3) == .admitted(.performNow))
    guard case .mutation(2) = engine.next() else {
      Issue.record("the mutation that came during the delivery should wait first")
      return
    }
    guard case .action("b") = engine.next() else {
      Issue.record("then the action, in arrival order")
      return
    }
    #expect(engine.next() == nil)
  }

  @Test func aMutationWhileNothingRunsStartsAUnit() {
    var engine = Engine()
    #expect(engine.route(mutation: 1) == .admitted(.startUnit))
    #expect(engine.admit(hookedMutation: 2) == .performNow)
  }

  @Test func deliveriesNestAndRestoreTheOuterOne() {
    var engine = Engine()
    _ = engine.route(action: "a")
    engine.beginDelivery()
    engine.beginDelivery()
    engine.endDelivery()
    #expect(engine.isDelivering)
    #expect(engine.route(mutation: 1) == .admitted(.queued))
    engine.endDelivery()
    #expect(!engine.isDelivering)
    #expect(engine.isRunning)
    #expect(engine.route(mutation: 2) == .admitted(.performNow))
  }

  @Test func anInlineDeliveryStartsAUnitOnlyWhenNoneRuns() {
    var engine = Engine()
    let first = engine.beginInlineDelivery()
    #expect(first && engine.isDelivering)
    let nested = engine.beginInlineDelivery()
    #expect(!nested)
    engine.endDelivery()
    #expect(engine.isDelivering)
    engine.endDelivery()
    #expect(!engine.isDelivering)
    #expect(engine.next() == nil)
    #expect(!engine.isRunning)
  }

  @Test func theStubRecordsActionsAndShowsItsStateInsteadOfTheReducedOne() {
    var engine = Engine()
    #expect(!engine.isStubEnabled)
    engine.setStubEnabled(true, initial: 7)
    #expect(engine.isStubEnabled)
    #expect(engine.route(action: "a") == .recordedByStub)
    #expect(engine.stubActions == ["a"])
    #expect(engine.visibleState(reduced: 1) == 7)
    engine.setStubState(9)
    #expect(engine.visibleState(reduced: 1) == 9)
    engine.setStubEnabled(false, initial: 0)
    #expect(!engine.isStubEnabled)
    #expect(engine.visibleState(reduced: 1) == 1)
    #expect(engine.route(action: "b") == .admitted(.startUnit))
    #expect(engine.stubActions == ["a"])
    #expect(engine.next() == nil)
    // Turned on again, it shows what it showed last, not the initial state.
    engine.setStubEnabled(true, initial: 0)
    #expect(engine.visibleState(reduced: 1) == 9)
    // A state set while it is off is what it shows once on.
    engine.setStubEnabled(false, initial: 0)
    engine.setStubState(4)
    #expect(engine.visibleState(reduced: 1) == 1)
    engine.setStubEnabled(true, initial: 0)
    #expect(engine.visibleState(reduced: 1) == 4)
    #expect(!engine.isRunning)
  }

  @Test func connectedHooksTakeActionsAndMutationsAndTheirOutputIsAdmitted() {
    var engine = Engine()
    engine.hooks = .init(action: true, mutation: true)
    #expect(engine.route(action: "a") == .toHook)
    #expect(engine.route(mutation: 1) == .toHook)
    #expect(engine.admit(hookedAction: "a") == .startUnit)
    #expect(engine.admit(hookedAction: "b") == .queued)
    #expect(engine.admit(hookedMutation: 1) == .performNow)
  }

  @Test func theStateHookDecidesWhatIsShownOnceItHasDelivered() {
    var engine = Engine()
    #expect(engine.visibleState(reduced: 1) == 1)
    engine.show(transformed: 10)
    #expect(engine.visibleState(reduced: 2) == 10)
  }

  private func actions(drainedFrom engine: inout Engine) -> [String] {
    var taken: [String] = []
    while let work = engine.next() {
      if case .action(let action) = work { taken.append(action) }
    }
    return taken
  }
}
