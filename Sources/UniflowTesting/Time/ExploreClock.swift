import CombineSchedulers
import Foundation
import Uniflow

/// The clock an exploration gives the screen it builds: time moves only when a step
/// advances it (``ExploreStep/advanceClock(milliseconds:)``), and a sleep that ends then
/// wakes its task on the exploration's executor, to run when a step lets it. Unlike
/// swift-clocks' `TestClock`, advancing does not yield to let sleepers run, so a step
/// costs no trips through the main queue.
///
/// Its ``scheduler`` is the same time for Combine: a screen that debounces or delays with a
/// scheduler takes it, and what it scheduled runs as the step advances the clock.
///
/// ```swift
/// let search = Exploration(actions: queries) { clock in SearchReactor(clock: clock) }
/// let stream = Exploration(actions: inputs) { clock in
///   SearchViewModel(scheduler: clock.scheduler.eraseToAnyScheduler())
/// }
/// ```
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
public final class ExploreClock: Clock, Sendable {

  /// A moment on the clock: the time since it started.
  public struct Instant: InstantProtocol, Sendable {
    /// The time since the clock started.
    public let offset: Duration

    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    public func duration(to other: Instant) -> Duration { other.offset - offset }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  /// The same time as a Combine scheduler (combine-schedulers' test scheduler): it moves
  /// with the clock, and runs what was scheduled up to the new time as it does.
  public let scheduler = DispatchQueue.test

  /// The time, and the tasks asleep until a later one. Continuations are resumed once
  /// `withLock` has returned.
  private let time = Locked(Time())

  private struct Time: Sendable {
    var current = Instant(offset: .zero)
    var sleepers = Sleepers<Instant, Void>()
  }

  /// A clock at its start.
  public init() {}

  public var now: Instant { time.withLock { $0.current } }

  /// The smallest step: a nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// How many tasks sleep on the clock.
  public var sleeperCount: Int { time.withLock { $0.sleepers.count } }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let number = time.withLock { $0.sleepers.nextNumber() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let wakeNow: Bool = time.withLock { time in
          if deadline <= time.current { return true }
          time.sleepers.add(
            number: number, deadline: deadline, continuation: continuation, tag: ())
          return false
        }
        if wakeNow { continuation.resume() }
      }
    } onCancel: {
      let sleeper = time.withLock { $0.sleepers.remove(number: number) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time on by `duration`, waking the sleepers whose deadline has come, earliest
  /// first, and running what was scheduled on ``scheduler`` up to then.
  public func advance(by duration: Duration) {
    defer {
      let (seconds, attoseconds) = duration.components
      let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
      scheduler.advance(by: .nanoseconds(Int(nanoseconds)))
    }
    let woken = time.withLock { time in
      time.current = time.current.advanced(by: duration)
      return time.sleepers.takeAll(until: time.current)
    }
    for sleeper in woken { sleeper.continuation.resume() }
  }
}
