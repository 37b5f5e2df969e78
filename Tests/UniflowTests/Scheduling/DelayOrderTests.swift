import Foundation
import Testing
@testable import Uniflow

/// A `delay` on a system scheduler delivers its values before its completion, even when the
/// scheduler fires their timers out of order, as libdispatch does for work whose time has
/// already passed when it is scheduled.
@Suite struct DelayOrderTests {
  /// A scheduler that keeps each timed piece of work until the test fires it, in any order.
  final class HeldScheduler: SystemScheduler, @unchecked Sendable {
    // Sendable because `held` is only read and written with `lock` held.
    typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
    typealias SchedulerOptions = DispatchQueue.SchedulerOptions

    private let lock = Lock()
    private var held: [() -> Void] = []

    var now: SchedulerTimeType { DispatchQueue.main.now }
    var minimumTolerance: SchedulerTimeType.Stride { .zero }
    var runsOnMainThread: Bool { false }
    var nameInMessages: String { "a held scheduler" }

    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { action() }

    func schedule(
      after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
      options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
      lock.withLock { held.append(action) }
    }

    func schedule(
      after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
      tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
      _ action: @escaping () -> Void
    ) -> any Cancellable {
      lock.withLock { held.append(action) }
      return AnyCancellable {}
    }

    /// Fires the held work in `order`, by the place each was scheduled in.
    func fire(in order: [Int]) {
      let work = lock.withLock { held }
      for index in order { work[index]() }
    }
  }

  /// Records what a subscriber received, from any thread.
  final class Received: @unchecked Sendable {
    // Sendable because `events` is only read and written with `lock` held.
    private let lock = Lock()
    private var events: [String] = []
    func add(_ event: String) { lock.withLock { events.append(event) } }
    var all: [String] { lock.withLock { events } }
  }

  @Test func aCompletionWhoseTimerFiresFirstStillComesAfterTheValue() {
    let scheduler = HeldScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let received = Received()
    let watching = subject.delay(for: .milliseconds(2), scheduler: scheduler)
      .sink(
        receiveCompletion: { _ in received.add("end") }, receiveValue: { received.add("\($0)") })
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    // The completion's timer first, then the values' in reverse.
    scheduler.fire(in: [2, 1, 0])
    #expect(received.all == ["1", "2", "end"])
    watching.cancel()
  }

  @Test func timersFiredInOrderDeliverInOrder() {
    let scheduler = HeldScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let received = Received()
    let watching = subject.delay(for: .milliseconds(2), scheduler: scheduler)
      .sink(
        receiveCompletion: { _ in received.add("end") }, receiveValue: { received.add("\($0)") })
    subject.send(1)
    scheduler.fire(in: [0])
    #expect(received.all == ["1"])
    subject.send(completion: .finished)
    scheduler.fire(in: [1])
    #expect(received.all == ["1", "end"])
    watching.cancel()
  }

  @Test func aFiringRunsTheWorkWhoseTimeIsEarliestWhateverOrderItCameIn() {
    // Two subscriptions of one `delay` on two threads: one reads the time, the other
    // reads a later time and schedules first.
    let order = InOrder()
    let received = Received()
    order.add({ received.add("later") }, at: 12)
    order.add({ received.add("earlier") }, at: 7)
    order.runEarliest()
    #expect(received.all == ["earlier"])
    order.runEarliest()
    #expect(received.all == ["earlier", "later"])
  }

  @Test func workDueAtTheSameTimeOrAtNoKnownTimeRunsInTheOrderItWasScheduled() {
    let order = InOrder()
    let received = Received()
    for value in 1...3 { order.add({ received.add("\(value)") }, at: 5) }
    order.add({ received.add("untimed") }, at: nil)
    for _ in 1...4 { order.runEarliest() }
    #expect(received.all == ["1", "2", "3", "untimed"])
  }

  /// Something a delayed value holds.
  final class Payload: Sendable {}

  @Test func workThatHasRunIsLetGoThoughMoreIsStillWaiting() {
    let order = InOrder()
    weak var released: Payload?
    do {
      let payload = Payload()
      released = payload
      order.add({ _ = payload }, at: 1)
    }
    order.add({}, at: 2)
    order.runEarliest()
    #expect(released == nil, "the queue kept the work it had run, and what it held")
    order.runEarliest()
  }

  @Test func aQueueThatNeverEmptiesDoesNotGrowWithTheWorkItRan() {
    // A stream whose next value arrives before the last is delivered, 10,000 times.
    let order = InOrder()
    let received = Received()
    order.add({ received.add("0") }, at: 0)
    var mostSlots = 0
    for time in 1...10_000 {
      order.add({}, at: Double(time))
      order.runEarliest()
      mostSlots = max(mostSlots, order.slotsHeld)
    }
    order.runEarliest()
    #expect(received.all == ["0"])
    #expect(mostSlots <= 129, "the queue grew to \(mostSlots) slots for one piece waiting")
  }
}
