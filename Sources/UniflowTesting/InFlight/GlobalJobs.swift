import Foundation
import Uniflow

/// The jobs a test's work puts on Swift's global executor (a `Task.detached`, a `Task`
/// started outside any actor), counted as in flight from when they are enqueued until they
/// have run.
///
/// Swift's runtime calls a hook, when one is set, for every job enqueued on the global
/// executor (the hook TCA's `withMainSerialExecutor` sets to run them all on the main
/// actor). While a tester counts jobs, the hook is set: a job enqueued from a tester's work
/// (its test's task, or counted work handing a value on) is registered with
/// ``MainActorHops`` and run on a global dispatch queue, as the global executor would, so
/// that its end is known; every other job goes to the global executor as before. So a
/// `Task.detached { await MainActor.run { … } }` that a screen starts as its service answers
/// is in flight until its job has run, and by then the hop it made is on the main queue,
/// which the tester lets run before it looks again.
///
/// Work that waits outside any job (a task suspended on a server, a timer, a dispatch
/// queue's own block) is not a job and is not counted here; nor is the test's own task
/// going back to the global executor, which is the test and not its work.
///
/// ```swift
/// GlobalJobs.count(in: scope)        // a tester starts counting its test's jobs
/// GlobalJobs.stopCounting(in: scope) // its finish
/// ```
enum GlobalJobs {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// The address of the runtime's hook variable, when the runtime has one (an address, so
  /// that it is Sendable; the variable is read and written under `counting`'s lock only).
  private static let hookAddress: UInt? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else {
      return nil
    }
    return UInt(bitPattern: symbol)
  }()

  /// The runtime's hook variable.
  private static var hookVariable: UnsafeMutablePointer<Hook?>? {
    hookAddress.flatMap { UnsafeMutablePointer(bitPattern: $0) }
  }

  /// What the hook is set to while jobs are counted.
  private static let hook: Hook = { job, original in GlobalJobs.enqueue(job, original: original) }

  /// A hook's address, to tell ours from another's.
  private static func address(of hook: Hook) -> UnsafeRawPointer {
    unsafeBitCast(hook, to: UnsafeRawPointer.self)
  }

  /// The scopes whose jobs are counted, each with how many testers count it.
  private static let counting = Locked<[CallsInFlight.Scope: Int]>([:])

  /// Whether the current thread or task is handing a job on here, or runs a tester's own
  /// work (its probe): a job enqueued then is not counted, so that counting one never
  /// leads to counting another without end.
  @TaskLocal private static var isExempt = false

  /// Starts counting the jobs that the work of `scope`'s test enqueues. The hook is set
  /// while some scope is counted, unless something else (TCA's serial executor) holds it.
  static func count(in scope: CallsInFlight.Scope?) {
    guard let scope, let hookVariable,
      #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
    else { return }
    counting.withLock { scopes in
      if scopes.isEmpty, hookVariable.pointee == nil { hookVariable.pointee = hook }
      scopes[scope, default: 0] += 1
    }
  }

  /// Stops counting the jobs of `scope`; the last scope's end unsets the hook. A job handed
  /// on already still runs, and ends its count.
  static func stopCounting(in scope: CallsInFlight.Scope?) {
    guard let scope, let hookVariable else { return }
    counting.withLock { scopes in
      guard let testers = scopes[scope] else { return }
      scopes[scope] = testers > 1 ? testers - 1 : nil
      if scopes.isEmpty, let set = hookVariable.pointee, address(of: set) == address(of: hook) {
        hookVariable.pointee = nil
      }
    }
  }

  /// Runs `body` as the tester's own work: the jobs it starts are not its test's.
  static func asTestersOwnWork<Result>(_ body: () throws -> Result) rethrows -> Result {
    try $isExempt.withValue(true, operation: body)
  }

  /// What the hook does with each job.
  private static func enqueue(_ job: UnownedJob, original: Original) {
    guard #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *), !isExempt else {
      return original(job)
    }
    let owners = countedOwners()
    guard !owners.isEmpty, !isCurrentTask(job) else { return original(job) }
    run(job, countedIn: owners)
  }

  /// Runs `job` on a global queue, as the global executor would, counted in `owners` until
  /// it has run.
  @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
  private static func run(_ job: UnownedJob, countedIn owners: [CallsInFlight.Scope]) {
    let pending = PendingJob(owners: owners)
    $isExempt.withValue(true) { MainActorHops.shared.scheduled(pending) }
    let executor = globalConcurrentExecutor.asUnownedTaskExecutor()
    DispatchQueue.global().async {
      job.runSynchronously(on: executor)
      $isExempt.withValue(true) { pending.ran() }
    }
  }

  /// Whether `job` is the task running now, going on to the global executor (from an
  /// actor's, say): a test's own task does that after each `await` on the main actor.
  private static func isCurrentTask(_ job: UnownedJob) -> Bool {
    // A task is a job: both are the same object, so their addresses are one.
    let jobAddress = unsafeBitCast(job, to: UnsafeRawPointer.self)
    return withUnsafeCurrentTask { task in
      task.map { unsafeBitCast($0, to: UnsafeRawPointer.self) == jobAddress } ?? false
    }
  }

  /// The scopes of the work enqueueing a job now that count jobs.
  private static func countedOwners() -> [CallsInFlight.Scope] {
    let owners = CallsInFlight.shared.scopesOfCurrentTask()
    guard !owners.isEmpty else { return [] }
    return counting.withLock { scopes in owners.filter { scopes[$0] != nil } }
  }
}

/// A job of a test's work on its way to run (see ``GlobalJobs``): waited for, never run by
/// a tester.
private final class PendingJob: PendingHop, Sendable {
  let owners: [CallsInFlight.Scope]
  private let state = Locked(true)

  init(owners: [CallsInFlight.Scope]) { self.owners = owners }

  var hopDescription: String? { "a job of a task on the global executor, not yet run" }
  var hasPendingValues: Bool { state.withLock { $0 } }
  var isRunnableNow: Bool { false }

  @MainActor func runNow() {}

  /// Notes that the job has run.
  func ran() {
    state.withLock { $0 = false }
    MainActorHops.shared.ran(self)
  }
}
