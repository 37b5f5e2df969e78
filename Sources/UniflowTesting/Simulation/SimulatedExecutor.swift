/// Where an exploration runs the asynchronous work of the screen it explores: the bodies
/// of `.run` effects and of `TaskPublisher` calls started while it is the task's
/// ``current`` executor. Their jobs wait here, and the exploration runs them one at a
/// time, in an order its seed decides, on its own thread; so the same seed is the same run,
/// and the orders that a real device produces only now and then come up within a few
/// thousand steps.
///
/// In an app, nothing sets ``current``: effects and calls start on the global executor,
/// after one task-local read.
///
/// ```swift
/// let executor = SimulatedExecutor()
/// await SimulatedExecutor.$current.withValue(executor) { reactor.send(.load) }
/// executor.runNext(choosing: { $0.count - 1 })   // the newest job first
/// ```
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
final class SimulatedExecutor: TaskExecutor, Sendable {
  /// The executor of the exploration that the current task belongs to; `nil` outside one.
  @TaskLocal static var current: SimulatedExecutor?

  /// The jobs waiting to run, and how many have run.
  private struct Queue {
    var jobs: [UnownedJob] = []
    var runs = 0
  }

  private let queue = Locked(Queue())

  init() {
    InFlightWatcher.install()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    queue.withLock { $0.jobs.append(unowned) }
  }

  /// How many jobs wait to run.
  var waitingCount: Int { queue.withLock { $0.jobs.count } }

  /// How many jobs have run.
  var runCount: Int { queue.withLock { $0.runs } }

  /// Runs one waiting job, the one at the index `choose` picks among the waiting count,
  /// here and now; returns whether there was one.
  @discardableResult
  func runNext(choosing choose: (Int) -> Int) -> Bool {
    let job: UnownedJob? = queue.withLock { queue in
      guard !queue.jobs.isEmpty else { return nil }
      let index = min(max(choose(queue.jobs.count), 0), queue.jobs.count - 1)
      queue.runs += 1
      return queue.jobs.remove(at: index)
    }
    guard let job else { return false }
    job.runSynchronously(on: asUnownedTaskExecutor())
    return true
  }
}
