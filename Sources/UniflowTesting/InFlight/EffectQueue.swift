import Foundation
import Uniflow

/// Where a ``ReactorTester`` runs its reactor's `.run` effects: one serial queue that
/// counts the jobs it was given and has not finished. When the count is zero, every effect
/// has either returned or is suspended on something (the test clock, a call, the main
/// actor), which is a fact rather than a guess: ``TestClock`` waits for it after waking a
/// sleeper, so `advance(by: .seconds(2))` lets a one-second timer tick twice on any
/// machine, however loaded.
///
/// ```swift
/// let queue = EffectQueue()
/// reactor.runtime.effectExecutor = queue   // the effects now start here
/// _ = await queue.waitUntilIdle(seconds: 1)
/// ```
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
final class EffectQueue: TaskExecutor, Sendable {
  /// What the queue knows of its jobs, all behind one lock.
  private struct Jobs: Sendable {
    /// Jobs given and not finished.
    var busy = 0
    /// Jobs finished.
    var runs: UInt64 = 0
    /// When the running job started, in uptime nanoseconds; `nil` between jobs.
    var start: UInt64?
    /// The tasks waiting for the queue to be idle.
    var idle = TimedWaiters()
  }

  /// Marks the dispatch queue of each effect queue, so that code running there can find it.
  private static let key = DispatchSpecificKey<WeakEffectQueue>()

  private let queue = DispatchQueue(label: "Uniflow.EffectQueue")
  private let jobs = Locked(Jobs())

  init() {
    queue.setSpecific(key: Self.key, value: WeakEffectQueue(queue: self))
  }

  /// The effect queue whose job is running on this thread; `nil` elsewhere.
  static var running: EffectQueue? { DispatchQueue.getSpecific(key: key)?.queue }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.busy += 1 }
    queue.async { [self] in
      jobs.withLock { $0.start = DispatchTime.now().uptimeNanoseconds }
      job.runSynchronously(on: asUnownedTaskExecutor())
      finishJob()
    }
  }

  private func finishJob() {
    let woken: [CheckedContinuation<Bool, Never>] = jobs.withLock { jobs in
      jobs.start = nil
      jobs.busy -= 1
      jobs.runs &+= 1
      return jobs.busy == 0 ? jobs.idle.takeAll() : []
    }
    for waiter in woken { waiter.resume(returning: true) }
  }

  /// Whether no job is waiting or running.
  var isIdle: Bool { jobs.withLock { $0.busy == 0 } }

  /// How long the job running now has run, in seconds; `nil` when none runs (the queue is
  /// idle, or its next job waits for a thread, as it may for long on a loaded machine).
  var runningJobSeconds: Double? {
    jobs.withLock {
      $0.start.map { Double(DispatchTime.now().uptimeNanoseconds &- $0) / 1_000_000_000 }
    }
  }

  /// How many jobs have finished: the same number twice, with the queue idle both times,
  /// means nothing ran in between.
  var runCount: UInt64 { jobs.withLock { $0.runs } }

  /// Waits until no job is waiting or running, or `seconds` have passed; returns whether
  /// the queue is idle. Woken by the last job's end, not by polling.
  func waitUntilIdle(seconds: Double) async -> Bool {
    await TimedWaiters.wait(in: jobs, at: \.idle, seconds: seconds) { $0.busy == 0 }
  }
}

/// The mark on an effect queue's dispatch queue; weak, since the queue is the executor's.
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
private struct WeakEffectQueue {
  weak var queue: EffectQueue?
}
