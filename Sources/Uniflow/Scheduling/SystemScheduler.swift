import Foundation

/// A scheduler of the system's — `DispatchQueue`, `RunLoop` or `OperationQueue`, or the
/// porting kit's ``MainScheduler`` — whose work Uniflow's testers count as in flight.
///
/// Uniflow's `receive(on:)`, `subscribe(on:)`, `delay`, `debounce`, `throttle` and
/// `timeout` take the place of Combine's for these schedulers, in every file that imports
/// `Uniflow`: they wrap the scheduler in a ``TrackedScheduler``, which runs the work as
/// the scheduler would. In an app that is all it does; under a tester, the work counts as
/// in flight from when it is scheduled until it has delivered, so `receive` waits for it
/// and never says "Nothing the tester counts is in flight" while it is on its way.
///
/// ```swift
/// search.debounce(for: .milliseconds(300), scheduler: DispatchQueue.global())
///   .receive(on: DispatchQueue.main)   // both counted by a tester
/// ```
public protocol SystemScheduler: Scheduler {
  /// Whether the work put here runs on the main thread: a tester may then run it at once,
  /// on the main actor, rather than wait for the main thread to get to it.
  var runsOnMainThread: Bool { get }
  /// The scheduler as a tester's message names it: "the main queue", "a dispatch queue
  /// `search`".
  var nameInMessages: String { get }
}

extension DispatchQueue: SystemScheduler {
  /// Whether this is the main queue. Told by its label: off Apple's platforms each
  /// `DispatchQueue.main` is a new object around the one main queue.
  public var runsOnMainThread: Bool { label == DispatchQueue.main.label }
  /// "the main queue", or the queue's label, its hidden characters escaped.
  public var nameInMessages: String {
    runsOnMainThread ? "the main queue" : "a dispatch queue `\(label.shownInMessage(limit: 80))`"
  }
}

extension RunLoop: SystemScheduler {
  /// Whether this is the main run loop.
  public var runsOnMainThread: Bool { self === RunLoop.main }
  /// "the main run loop", or "a run loop".
  public var nameInMessages: String { runsOnMainThread ? "the main run loop" : "a run loop" }
}

extension OperationQueue: SystemScheduler {
  /// Whether this is the main operation queue.
  public var runsOnMainThread: Bool { self === OperationQueue.main }
  /// "the main operation queue", or the queue's name, its hidden characters escaped.
  public var nameInMessages: String {
    runsOnMainThread
      ? "the main operation queue"
      : "an operation queue `\((name ?? "").shownInMessage(limit: 80))`"
  }
}

extension MainScheduler: SystemScheduler {
  /// Always: its work runs on the main actor.
  public var runsOnMainThread: Bool { true }
  /// "`MainScheduler`".
  public var nameInMessages: String { "`MainScheduler`" }
}
