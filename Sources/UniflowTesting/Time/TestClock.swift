import Foundation
import IssueReporting
import Uniflow

/// A clock whose time moves only when the test advances it, for the `.run` effects of a
/// reactor under ``ReactorTester``. It keeps swift-clocks' `TestClock` API, which it
/// shadows in a file that imports UniflowTesting (a file that also imports `Clocks` gets
/// swift-clocks' clock), so a ported test compiles as it is, and adds one promise: after
/// waking a sleeper, `advance` waits until the tester's effects have run as far as they
/// can (to their next sleep, their end, or a call that has not answered) before it moves
/// time on. So a timer that sleeps a second in a loop ticks twice in
/// `advance(by: .seconds(2))`, on every run, however loaded the machine.
///
/// ```swift
/// let clock = TestClock()
/// let tester = ReactorTester { TimerReactor(clock: clock) }
/// tester.send(.start) { $0.isRunning = true }
/// await clock.waitUntilSleeping()
/// await clock.advance(by: .seconds(2))
/// await tester.receive(.tick) { $0.seconds = 1 }
/// await tester.receive(.tick) { $0.seconds = 2 }
/// ```
///
/// An effect that does not run on a tester's queue (one started by code the tester does
/// not watch, or on a system before iOS 18 and macOS 15) is given some turns of the main
/// queue after it wakes, as swift-clocks does, which is a guess rather than a fact.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public final class TestClock: Clock, Sendable {
  /// A moment on the clock: the time since it started.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the clock started.
    public let offset: Duration

    /// The moment `offset` after the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    public func duration(to other: Instant) -> Duration { other.offset - offset }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  /// What `checkSuspension()` throws while something sleeps on the clock.
  public struct SuspensionError: Error {}

  /// The tester's effect queue a sleeper slept on (`nil` for any other executor).
  private typealias Queue = (any AnyObject & Sendable)?

  /// The clock's time and who sleeps on it, behind one lock; continuations are resumed with
  /// it released.
  private struct Dial: Sendable {
    var current: Instant
    /// Who sleeps, each with the queue it slept on.
    var sleepers = Sleepers<Instant, Queue>()
    /// The tasks waiting for something to sleep on the clock.
    var sleepWaiters = TimedWaiters()
  }

  private let dial: Locked<Dial>

  /// A clock at `now`, the start by default.
  public init(now: Instant = .init()) {
    dial = Locked(Dial(current: now))
  }

  /// The current time on the clock.
  public var now: Instant { dial.withLock { $0.current } }

  /// The smallest step: none; any deadline can be reached.
  public var minimumResolution: Duration { .zero }

  /// Suspends until the clock is advanced to `deadline`; returns at once when it has been
  /// already. Throws `CancellationError` when the task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let number = dial.withLock { $0.sleepers.nextNumber() }
    let queue: Queue
    if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) {
      queue = EffectQueue.running
    } else {
      queue = nil
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (wakeNow, waiters): (Bool, [CheckedContinuation<Bool, Never>]) = dial.withLock {
          if deadline <= $0.current { return (true, []) }
          $0.sleepers.add(
            number: number, deadline: deadline, continuation: continuation, tag: queue)
          return (false, $0.sleepWaiters.takeAll())
        }
        if wakeNow { continuation.resume() }
        for waiter in waiters { waiter.resume(returning: true) }
      }
    } onCancel: {
      let sleeper = dial.withLock { $0.sleepers.remove(number: number) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time on by `duration`, waking the sleepers whose deadline comes on the way, the
  /// earliest first, each allowed to run as far as it can before time moves on.
  public func advance(
    by duration: Duration = .zero,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await advance(
      to: now.advanced(by: duration),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Moves time on to `deadline` (never back), waking the sleepers whose deadline comes on
  /// the way, the earliest first, each allowed to run as far as it can (perhaps to sleep
  /// again, before `deadline`) before time moves on.
  public func advance(
    to deadline: Instant,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    while let sleeper = takeFirstSleeper(until: deadline) {
      sleeper.continuation.resume()
      await settle(sleeper.tag, wokenAt: sleeper.deadline, site: site)
    }
    dial.withLock { $0.current = max($0.current, deadline) }
    await MainQueue.drain()
  }

  /// Advances to each sleeper's deadline in turn until nothing sleeps on the clock; reports
  /// an issue if something still sleeps after `timeout` of real time (a timer that never
  /// ends, say).
  public func run(
    timeout: Duration = .milliseconds(500),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let start = ContinuousClock.now
    while let next = dial.withLock({ $0.sleepers.earliestDeadline }) {
      if ContinuousClock.now - start > timeout {
        reportIssue(
          "Something still sleeps on the test clock after running it for \(timeout): a "
            + "timer that never stops? Advance by a set time instead, or stop the timer.",
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      await advance(to: next, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Throws ``SuspensionError`` if something sleeps on the clock.
  public func checkSuspension() async throws {
    await MainQueue.drain()
    guard dial.withLock({ $0.sleepers.isEmpty }) else { throw SuspensionError() }
  }

  /// Waits until something sleeps on this clock, such as a reactor's `.run` effect that
  /// has just started; gives up after `timeout` seconds and returns `false`. Call it before
  /// the first `advance`, so that the advance cannot come before the sleep. Woken by the
  /// sleep itself, not by polling.
  ///
  /// ```swift
  /// tester.send(.remind)
  /// await clock.waitUntilSleeping()
  /// await clock.advance(by: .seconds(5))
  /// await tester.receive(.fire)
  /// ```
  @discardableResult
  public func waitUntilSleeping(timeout: Double = 1) async -> Bool {
    await TimedWaiters.wait(in: dial, at: \.sleepWaiters, seconds: timeout) {
      !$0.sleepers.isEmpty
    }
  }

  /// Takes out the earliest sleeper due by `deadline`, moving the time to its deadline.
  private func takeFirstSleeper(until deadline: Instant) -> Sleepers<Instant, Queue>.Sleeper? {
    dial.withLock {
      guard let sleeper = $0.sleepers.takeFirst(until: deadline) else { return nil }
      $0.current = max($0.current, sleeper.deadline)
      return sleeper
    }
  }

  /// Lets a woken sleeper run as far as it can: on a tester's effect queue, until the
  /// queue is idle and a trip through the main queue (where its mutations go) starts no
  /// job there; elsewhere, a few trips through the main queue.
  ///
  /// The wait is for a fact, so it takes as long as the machine needs: on a loaded one a
  /// job may wait long for a thread, or be kept off its core for long while it runs. Only
  /// a queue still busy after ``longestWait`` seconds (an effect that computes without
  /// end, or blocks on something the test does next) lets time move on without it, and
  /// that is reported.
  private func settle(_ queue: Queue, wokenAt deadline: Instant, site: CallSite) async {
    guard #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *),
      let queue = queue as? EffectQueue
    else {
      await MainQueue.drain()
      return
    }
    // A bound on the trips, for effects that pass work to the main actor and back forever.
    for _ in 0..<1_000 {
      guard await queue.waitUntilIdle(seconds: Self.longestWait) else {
        site.fail(
          "An effect woken at \(deadline.offset) on the test clock was still running "
            + "\(Int(Self.longestWait)) s later, so the clock moved on without it. An "
            + "effect that computes for long, or blocks its thread waiting for the test, "
            + "should await instead (a sleep on the clock, a call).")
        return
      }
      let runs = queue.runCount
      await MainQueue.drain()
      if queue.isIdle && queue.runCount == runs { return }
    }
  }

  /// How long, in seconds of real time, `advance` waits for a woken effect to stop or
  /// suspend.
  static var longestWait: Double { 60 }
}
