import Foundation
import Testing
import Uniflow

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
}
