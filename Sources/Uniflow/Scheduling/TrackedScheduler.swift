import Foundation

/// A system scheduler whose work Uniflow's testers can count: what Uniflow's
/// `receive(on:)`, `subscribe(on:)`, `delay`, `debounce`, `throttle` and `timeout` hand to
/// Combine in place of a `DispatchQueue`, a `RunLoop` or an `OperationQueue`.
///
/// It schedules every piece of work on ``base``, as given. While no tester watches, that
/// is all (in an app, one atomic load a piece finds that nothing is installed to watch; in
/// a test process, the testers' watcher says whether one watches now); while one does, each piece is counted as in
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
  /// For `delay`: the timed work waiting, run earliest first (see ``InOrder``), and what
  /// each firing runs (made once, so that a value costs no allocation); `nil` for the other
  /// operators.
  private let order: (queue: InOrder, fire: @Sendable () -> Void)?

  /// Wraps `base` for `operation`: the operator's name, as a tester's message shows it.
  public init(_ base: Base, operation: StaticString) {
    self.init(base, operation: operation, keepsOrder: false)
  }

  /// Wraps `base` for `operation`; with `keepsOrder`, each firing of a timed piece of work
  /// runs the piece still waiting whose time is earliest (see ``InOrder``).
  init(_ base: Base, operation: StaticString, keepsOrder: Bool) {
    self.base = base
    self.operation = operation
    if keepsOrder {
      let queue = InOrder()
      order = (queue, queue.runEarliest)
    } else {
      order = nil
    }
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
    var action = action
    if let order {
      order.queue.add(action, at: Self.orderKey(of: date))
      action = order.fire
    }
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
      Instrumentation.watcher?.explorationExecutor != nil
    else { return false }
    // Combine's action, run once by the task and never shared.
    nonisolated(unsafe) let action = action
    _ = startTask(detached: false, priority: nil) { action() }
    return true
  }

  /// The hop that counts `action`, registered; `nil` while no tester watches.
  private func counted(_ action: @escaping () -> Void, dueAtOnce: Bool) -> ScheduledHop? {
    guard let watcher = Instrumentation.watcher, watcher.watchesHops else { return nil }
    let work = ScheduledWork(operation: operation, scheduler: base.nameInMessages)
    let hop = ScheduledHop(
      work, watchedBy: watcher, onMainThread: base.runsOnMainThread, dueAtOnce: dueAtOnce,
      action: action)
    watcher.scheduled(hop)
    return hop
  }

  /// `time` as a number that orders it among the base's times, or nil for a scheduler of
  /// another kind of time (its work then waits in the order it came). A number, so that the
  /// queue's storage is not generic: one generic array operation would cost thousands of
  /// instructions a value.
  private static func orderKey(of time: SchedulerTimeType) -> Double? {
    if SchedulerTimeType.self == DispatchQueue.SchedulerTimeType.self {
      let time = unsafeBitCast(time, to: DispatchQueue.SchedulerTimeType.self)
      return Double(time.dispatchTime.uptimeNanoseconds)
    }
    if SchedulerTimeType.self == RunLoop.SchedulerTimeType.self {
      return unsafeBitCast(time, to: RunLoop.SchedulerTimeType.self).date
        .timeIntervalSinceReferenceDate
    }
    if SchedulerTimeType.self == OperationQueue.SchedulerTimeType.self {
      return unsafeBitCast(time, to: OperationQueue.SchedulerTimeType.self).date
        .timeIntervalSinceReferenceDate
    }
    return nil
  }
}

/// The timed work of one `delay`, run earliest first.
///
/// `delay` schedules each value and the completion `interval` after it arrived. The base
/// scheduler may fire them out of order: libdispatch runs work whose time has already
/// passed at once, so a completion whose thread was held up between reading the time and
/// scheduling overtakes the value still waiting on a timer, and Combine's `Delay` then
/// drops the value (in an app as in a test). Here each firing runs the piece still waiting
/// whose time is earliest, the first scheduled among equals. A firing comes no earlier
/// than its own piece's time, which is no earlier than the piece it runs: nothing is
/// delivered early, even when two subscriptions of one `delay` share the queue.
///
/// A time is a number (``TrackedScheduler``'s `orderKey(of:)`); work with none waits
/// behind all the work before it.
///
/// ```swift
/// let order = InOrder()
/// order.add(deliverValue, at: 7)
/// order.add(deliverCompletion, at: 7)
/// queue.schedule(after: due, order.runEarliest)   // each firing: the value, then the completion
/// queue.schedule(after: due, order.runEarliest)
/// ```
final class InOrder: @unchecked Sendable {
  // Unchecked because the actions need not be Sendable: they are reached only through
  // `queue`'s lock, and each runs once, taken out under it.
  private let queue = Locked(Queue())

  /// Adds `action`, due at `time` (nil: behind all the work waiting), to the work waiting.
  func add(_ action: @escaping () -> Void, at time: Double?) {
    queue.withLock { $0.add(action, at: time) }
  }

  /// Runs the piece of work waiting whose time is earliest: what each firing runs.
  @Sendable func runEarliest() {
    let action = queue.withLock { $0.takeEarliest() }
    action?()
  }

  /// The slots the queue holds, taken or waiting: bounded by twice the work waiting, or 64.
  var slotsHeld: Int { queue.withLock { $0.waiting.count } }

  /// The work, changed in one access a call (a class's stored property costs a check of
  /// exclusive access at each touch).
  private struct Queue {
    /// The work not yet run, from `head` on, earliest first; before `head`, the slots of
    /// work taken out (let go at once, so nothing a value holds stays alive here).
    var waiting: [(time: Double, action: (() -> Void)?)] = []
    var head = 0

    mutating func add(_ action: @escaping () -> Void, at time: Double?) {
      // Times nearly always arrive in order, so the place is found from the end.
      var place = waiting.endIndex
      if let time {
        while place > head, waiting[place - 1].time > time { place -= 1 }
      }
      waiting.insert((time ?? waiting.last?.time ?? -.infinity, action), at: place)
    }

    mutating func takeEarliest() -> (() -> Void)? {
      guard head < waiting.count else { return nil }
      let earliest = waiting[head].action
      waiting[head].action = nil
      head += 1
      if head == waiting.count {
        waiting.removeAll(keepingCapacity: true)
        head = 0
      } else if head >= 64, head * 2 >= waiting.count {
        // A stream that never lets the queue empty: the taken slots go, half at a time.
        waiting.removeFirst(head)
        head = 0
      }
      return earliest
    }
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
