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
final class EffectQueue: TaskExecutor, @unchecked Sendable {
  // Sendable because `busy`, `runs` and `jobStart` are only read and written with `lock`
  // held, and `idle` is guarded by the same lock.

  /// Marks the dispatch queue of each effect queue, so that code running there can find it.
  private static let key = DispatchSpecificKey<WeakEffectQueue>()

  private let queue = DispatchQueue(label: "Uniflow.EffectQueue")
  private let lock = Lock()
  /// Jobs given and not finished.
  private var busy = 0
  /// Jobs finished.
  private var runs: UInt64 = 0
  /// When the running job started, in uptime nanoseconds; `nil` between jobs.
  private var jobStart: UInt64?
  /// The tasks waiting for the queue to be idle.
  private let idle: TimedWaiters

  init() {
    idle = TimedWaiters(lock: lock)
    queue.setSpecific(key: Self.key, value: WeakEffectQueue(queue: self))
  }

  /// The effect queue whose job is running on this thread; `nil` elsewhere.
  static var running: EffectQueue? { DispatchQueue.getSpecific(key: key)?.queue }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    lock.withLock { busy += 1 }
    queue.async { [self] in
      lock.withLock { jobStart = DispatchTime.now().uptimeNanoseconds }
      job.runSynchronously(on: asUnownedTaskExecutor())
      finishJob()
    }
  }

  private func finishJob() {
    let woken: [CheckedContinuation<Bool, Never>] = lock.withLock {
      jobStart = nil
      busy -= 1
      runs &+= 1
      return busy == 0 ? idle.takeAll() : []
    }
    for waiter in woken { waiter.resume(returning: true) }
  }

  /// Whether no job is waiting or running.
  var isIdle: Bool { lock.withLock { busy == 0 } }

  /// How long the job running now has run, in seconds; `nil` when none runs (the queue is
  /// idle, or its next job waits for a thread, as it may for long on a loaded machine).
  var runningJobSeconds: Double? {
    lock.withLock {
      jobStart.map { Double(DispatchTime.now().uptimeNanoseconds &- $0) / 1_000_000_000 }
    }
  }

  /// How many jobs have finished: the same number twice, with the queue idle both times,
  /// means nothing ran in between.
  var runCount: UInt64 { lock.withLock { runs } }

  /// Waits until no job is waiting or running, or `seconds` have passed; returns whether
  /// the queue is idle. Woken by the last job's end, not by polling.
  func waitUntilIdle(seconds: Double) async -> Bool {
    await idle.wait(seconds: seconds) { busy == 0 }
  }

}

/// The mark on an effect queue's dispatch queue; weak, since the queue is the executor's.
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
private struct WeakEffectQueue {
  weak var queue: EffectQueue?
}
