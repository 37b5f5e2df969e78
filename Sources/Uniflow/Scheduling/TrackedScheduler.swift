/// A system scheduler whose work Uniflow's testers can count: what Uniflow's
/// `receive(on:)`, `subscribe(on:)`, `delay`, `debounce`, `throttle` and `timeout` hand to
/// Combine in place of a `DispatchQueue`, a `RunLoop` or an `OperationQueue`.
///
/// It schedules every piece of work on ``base``, as given. While no tester watches, that
/// is all (one lock a piece to learn it, and for a background queue a task-local read to
/// learn that no exploration runs); while one does, each piece is counted as in
/// flight until it has delivered, and what it schedules on its way belongs to the same
/// test.
///
/// ```swift
/// let scheduler = TrackedScheduler(DispatchQueue.main, operation: "receive(on:)")
/// values.receive(on: scheduler)   // what `values.receive(on: DispatchQueue.main)` writes
/// ```
public struct TrackedScheduler<Base: SystemScheduler>: Scheduler {
  /// The base scheduler's time.
  public typealias SchedulerTimeType = Base.SchedulerTimeType
  /// The base scheduler's options.
  public typealias SchedulerOptions = Base.SchedulerOptions

  /// The scheduler that runs the work.
  public let base: Base
  private let operation: StaticString
  /// For `delay`: the timed work in the order it was scheduled (see ``InOrder``); `nil`
  /// for the other operators.
  private let order: InOrder?

  /// Wraps `base` for `operation`: the operator's name, as a tester's message shows it.
  public init(_ base: Base, operation: StaticString) {
    self.init(base, operation: operation, keepsOrder: false)
  }

  /// Wraps `base` for `operation`; with `keepsOrder`, each firing of a timed piece of work
  /// runs the oldest piece still waiting (see ``InOrder``).
  init(_ base: Base, operation: StaticString, keepsOrder: Bool) {
    self.base = base
    self.operation = operation
    order = keepsOrder ? InOrder() : nil
  }

  /// The base scheduler's time now.
  public var now: SchedulerTimeType { base.now }
  /// The base scheduler's minimum tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { base.minimumTolerance }

  /// Runs `action` on the base scheduler as soon as it can.
  ///
  /// Under an exploration (UniflowTesting's `Exploration`), work for a background queue is
  /// one piece of the exploration's work instead: it runs when a step lets it, in any order
  /// with the rest, so the same seed is the same run.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    if !base.runsOnMainThread, Self.runsAsSimulatedWork(action) { return }
    guard let hop = counted(action, dueAtOnce: true) else {
      return base.schedule(options: options, action)
    }
    base.schedule(options: options, hop.run)
  }

  /// Runs `action` on the base scheduler at `date`.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    let action = order.map { $0.adding(action) } ?? action
    guard let hop = counted(action, dueAtOnce: false) else {
      return base.schedule(after: date, tolerance: tolerance, options: options, action)
    }
    base.schedule(after: date, tolerance: tolerance, options: options, hop.run)
  }

  /// Runs `action` on the base scheduler at `date`, then every `interval`, until
  /// cancelled. A tester counts it until its first run or its cancellation.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    guard let hop = counted(action, dueAtOnce: false) else {
      return base.schedule(
        after: date, interval: interval, tolerance: tolerance, options: options, action)
    }
    let timer = base.schedule(
      after: date, interval: interval, tolerance: tolerance, options: options, hop.fire)
    return CancelCounted(hop: hop, timer: timer)
  }

  /// Starts `action` as a task on the exploration's executor, when one runs this code;
  /// returns whether it did.
  private static func runsAsSimulatedWork(_ action: @escaping () -> Void) -> Bool {
    guard #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *),
      SimulatedExecutor.current != nil
    else { return false }
    // Combine's action, run once by the task and never shared.
    nonisolated(unsafe) let action = action
    _ = startTask(detached: false, priority: nil) { action() }
    return true
  }

  /// The hop that counts `action`, registered; `nil` while no tester watches.
  private func counted(_ action: @escaping () -> Void, dueAtOnce: Bool) -> ScheduledHop? {
    guard MainActorHops.shared.isWatched else { return nil }
    let work = ScheduledWork(operation: operation, scheduler: base.nameInMessages)
    let hop = ScheduledHop(
      work, onMainThread: base.runsOnMainThread, dueAtOnce: dueAtOnce, action: action)
    MainActorHops.shared.scheduled(hop)
    return hop
  }
}

/// The timed work of one `delay`, run in the order it was scheduled.
///
/// `delay` schedules each value and the completion `interval` after it arrived. The base
/// scheduler may fire them out of order: libdispatch runs work whose time has already
/// passed at once, so a completion whose thread was held up between reading the time and
/// scheduling overtakes the value still waiting on a timer, and Combine's `Delay` then
/// drops the value (in an app as in a test). Here each firing runs the oldest piece still
/// waiting. Their times only grow, so the n-th firing comes no earlier than the n-th
/// piece's time: nothing is delivered early.
///
/// ```swift
/// let order = InOrder()
/// queue.schedule(after: due, order.adding(deliverValue))        // fires second…
/// queue.schedule(after: due, order.adding(deliverCompletion))   // …fires first: runs the value
/// ```
final class InOrder: @unchecked Sendable {
  // Sendable because `waiting` and `head` are only read and written with `lock` held;
  // each action runs once, taken out under the lock.
  private let lock = Lock()
  private var waiting: [() -> Void] = []
  private var head = 0

  /// Adds `action` behind the work waiting; returns what a firing runs: the oldest.
  func adding(_ action: @escaping () -> Void) -> () -> Void {
    lock.withLock { waiting.append(action) }
    return runOldest
  }

  /// Runs the oldest piece of work still waiting.
  private func runOldest() {
    let action: (() -> Void)? = lock.withLock {
      guard head < waiting.count else { return nil }
      let oldest = waiting[head]
      head += 1
      if head == waiting.count {
        waiting.removeAll(keepingCapacity: true)
        head = 0
      }
      return oldest
    }
    action?()
  }
}

/// Cancels a counted timer: it stops counting, then stops firing.
private struct CancelCounted: Cancellable {
  let hop: ScheduledHop
  let timer: any Cancellable

  func cancel() {
    hop.cancel()
    timer.cancel()
  }
}

extension TrackedScheduler: Sendable where Base: Sendable {}
