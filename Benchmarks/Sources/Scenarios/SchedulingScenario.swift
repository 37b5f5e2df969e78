import Foundation
import Uniflow

/// What an app pays for a hop that a tester could count, with no tester watching: values
/// sent on the main actor through `receive(on: MainScheduler.instance)`, which runs them at
/// once there. Uniflow's operator wraps the scheduler in a `TrackedScheduler` (one lock a
/// value, to learn that no tester watches); the baseline builds Combine's own
/// `Publishers.ReceiveOn` on the bare scheduler, with the same work otherwise.
@MainActor
public enum MainSchedulerHopScenario {
  /// Sends `count` values through Uniflow's `receive(on:)`; returns their sum.
  public static func runCounted(_ count: Int) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    return sum(count, through: subject, subject.receive(on: MainScheduler.instance))
  }

  /// Sends `count` values through Combine's `ReceiveOn` on the bare scheduler.
  public static func runBaseline(_ count: Int) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let received = Publishers.ReceiveOn(
      upstream: subject, scheduler: MainScheduler.instance, options: nil)
    return sum(count, through: subject, received)
  }

}

/// Sends `count` values through `subject` and returns the sum of what came out of
/// `received`, the publisher built on it.
@MainActor
private func sum(
  _ count: Int, through subject: PassthroughSubject<Int, Never>,
  _ received: some Publisher<Int, Never>
) -> Int {
  let total = Total()
  let subscription = received.sink { total.value &+= $0 }
  for value in 0..<count { subject.send(value) }
  subscription.cancel()
  return total.value
}

/// A running sum the sink adds to.
private final class Total {
  var value = 0
}

/// What an app pays for a `delay` on a system scheduler with no tester watching: Uniflow's
/// overload wraps the scheduler in a `TrackedScheduler` that counts nothing (one lock a
/// value to learn it) and keeps the timed work in time order (one lock a value to add it,
/// one to take it out), so that a completion never overtakes a value. The baseline builds
/// Combine's own `Publishers.Delay` on the same scheduler. Both run on `Immediate`, a
/// system scheduler that runs each piece of work at once, so the count holds the operators'
/// work and no timer's.
@MainActor
public enum DelayScenario {
  /// Sends `count` values through Uniflow's `delay`; returns their sum.
  public static func runOrdered(_ count: Int) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    return sum(count, through: subject, subject.delay(for: .zero, scheduler: Immediate()))
  }

  /// Sends `count` values through Combine's `Delay` on the bare scheduler.
  public static func runBaseline(_ count: Int) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let delayed = Publishers.Delay(
      upstream: subject, interval: .zero, tolerance: .zero, scheduler: Immediate(), options: nil)
    return sum(count, through: subject, delayed)
  }

}

/// A system scheduler that runs all work at once, on the thread that schedules it, with
/// the main queue's clock: a timer's cost left out of the count.
public struct Immediate: SystemScheduler {
  /// The main queue's time.
  public typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
  /// The main queue's options, never read.
  public typealias SchedulerOptions = DispatchQueue.SchedulerOptions

  /// A scheduler that runs work at once.
  public init() {}

  /// The main queue's time now.
  public var now: SchedulerTimeType { DispatchQueue.main.now }
  /// No tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { .zero }
  /// Never: it runs work on the thread that schedules it.
  public var runsOnMainThread: Bool { false }
  /// "an immediate scheduler".
  public var nameInMessages: String { "an immediate scheduler" }

  /// Runs `action` at once.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { action() }

  /// Runs `action` at once, whatever `date` says.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) { action() }

  /// Runs `action` once, at once; the repetitions are never run.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    action()
    return AnyCancellable {}
  }
}
