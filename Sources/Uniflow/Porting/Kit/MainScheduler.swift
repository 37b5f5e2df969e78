import Foundation

/// RxSwift's `MainScheduler`: runs work on the main actor, at once when it is already there
/// and nothing scheduled before it is still waiting, otherwise on the main queue, in order.
///
/// `receive(on: MainScheduler.instance)` is what a ``Driver`` does: a value sent on the main
/// actor reaches the view before `send` returns, as RxSwift's does, and one sent elsewhere
/// hops. ``asyncInstance`` always hops, as `DispatchQueue.main` does.
///
/// ```swift
/// results.receive(on: MainScheduler.instance).sink { view.show($0) }
/// ```
///
/// In tests, a stream takes a scheduler as a parameter (`AnySchedulerOf<DispatchQueue>`,
/// `.main` in the app) and the test gives it `DispatchQueue.test`: both come with `Uniflow`.
public struct MainScheduler: Scheduler, Sendable {
  public typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
  public typealias SchedulerOptions = DispatchQueue.SchedulerOptions

  /// Runs at once on the main actor when nothing scheduled on it before is waiting; shared
  /// by all its users, as RxSwift's is.
  public static let instance = MainScheduler(runsAtOnceOnMain: true)
  /// Always goes through the main queue, even from the main actor.
  public static let asyncInstance = MainScheduler(runsAtOnceOnMain: false)

  private let runsAtOnceOnMain: Bool
  /// How many actions wait on the main queue: while any does, a new one queues behind it,
  /// so that order is kept.
  private let waiting = WaitingCount()

  /// A scheduler that runs at once on the main actor, with its own count of waiting work:
  /// what it keeps in order is only what it was given, not other code's. A ``Driver``
  /// makes one of its own.
  public init() {
    self.init(runsAtOnceOnMain: true)
  }

  private init(runsAtOnceOnMain: Bool) {
    self.runsAtOnceOnMain = runsAtOnceOnMain
  }

  public var now: SchedulerTimeType { DispatchQueue.main.now }
  public var minimumTolerance: SchedulerTimeType.Stride { DispatchQueue.main.minimumTolerance }

  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    if runsAtOnceOnMain, MainActorCheck.isOnMainActor, waiting.isZero {
      action()
      return
    }
    waiting.add(1)
    let waiting = self.waiting
    // The action is Combine's, run once on the main queue and never shared.
    nonisolated(unsafe) let action = action
    DispatchQueue.main.async {
      waiting.add(-1)
      action()
    }
  }

  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    DispatchQueue.main.schedule(after: date, tolerance: tolerance, options: options, action)
  }

  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    DispatchQueue.main.schedule(
      after: date, interval: interval, tolerance: tolerance, options: options, action)
  }
}

/// A count shared by the copies of a ``MainScheduler``.
final class WaitingCount: Sendable {
  private let count = Locked(0)

  var isZero: Bool { count.withLock { $0 == 0 } }

  func add(_ change: Int) {
    count.withLock { $0 += change }
  }
}
