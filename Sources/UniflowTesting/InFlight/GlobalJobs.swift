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
/// While an exploration runs, the hook is set too, and every job that may be a screen's is
/// numbered until it has run: a `Task` a screen started goes off the main actor without
/// saying whose it is (the runtime enqueues a task that moves itself after it stopped being
/// the current one, so its task-locals cannot be read), so every job enqueued from the
/// main actor is numbered, and every job enqueued while a numbered one runs. Before an
/// exploration calls a screen leaked, it waits for the jobs enqueued before then
/// (``hasJobs(before:)``): the screen's task may be among them, and hold it. The
/// exploration's own task is left out: its trips are not a screen's. Since Swift 6.2 a
/// `Task.yield()` enqueues its continuation on the current executor, past the hook, so a
/// task computing off the main actor in `yield` slices is followed up to its first one.
///
/// ```swift
/// GlobalJobs.count(in: scope)        // a tester starts counting its test's jobs
/// GlobalJobs.stopCounting(in: scope) // its finish
/// ```
enum GlobalJobs {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// The address of the runtime's hook variable, when the runtime has one (an address, so
  /// that it is Sendable; the variable is read and written under `users`' lock only).
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

  /// Who needs the hook, and the jobs numbered for the explorations.
  private struct Users {
    /// The scopes whose jobs are counted, each with how many testers count it.
    var counted: [CallsInFlight.Scope: Int] = [:]
    /// How many explorations run now: while one does, the jobs that may be a screen's are
    /// numbered.
    var explorations = 0
    /// The number the next job gets.
    var nextNumber: UInt64 = 0
    /// The numbered jobs that have not run yet.
    var numbered: Set<UInt64> = []
    /// The tasks the explorations run on (their addresses), each with how many explorations
    /// run on it: their own trips through the global executor are the explorations', not a
    /// screen's, and are not numbered.
    var explorersTasks: [UInt: Int] = [:]
    /// How many trips of those tasks were left unnumbered (for the tests).
    var explorersTrips = 0

    var needHook: Bool { !counted.isEmpty || explorations > 0 }
  }

  private static let users = Locked(Users())

  /// Whether the current thread or task is handing a job on here, or runs a tester's own
  /// work (its probe): a job enqueued then is not counted, so that counting one never
  /// leads to counting another without end.
  @TaskLocal private static var isExempt = false

  /// Starts counting the jobs that the work of `scope`'s test enqueues. The hook is set
  /// while some scope is counted, unless something else (TCA's serial executor) holds it.
  static func count(in scope: CallsInFlight.Scope?) {
    guard let scope else { return }
    changeUsers { $0.counted[scope, default: 0] += 1 }
  }

  /// Stops counting the jobs of `scope`; the last user's end unsets the hook. A job handed
  /// on already still runs, and ends its count.
  static func stopCounting(in scope: CallsInFlight.Scope?) {
    guard let scope else { return }
    changeUsers { users in
      guard let testers = users.counted[scope] else { return }
      users.counted[scope] = testers > 1 ? testers - 1 : nil
    }
  }

  /// An exploration's hold on the hook, from ``beginExploration()`` to
  /// ``endExploration(_:)``.
  struct Exploration {
    /// The task the exploration began on, whose jobs are not numbered.
    fileprivate let task: UInt?
  }

  /// Starts numbering the jobs that may be a screen's, until the exploration ends. The
  /// current task is the exploration's: its own trips off the main actor and back (each
  /// `Task.yield()` of a settle) are not numbered, so a look that started none stays quiet.
  static func beginExploration() -> Exploration {
    let task = withUnsafeCurrentTask { $0.map { UInt(bitPattern: address(of: $0)) } }
    changeUsers { users in
      users.explorations += 1
      if let task { users.explorersTasks[task, default: 0] += 1 }
    }
    return Exploration(task: task)
  }

  /// Ends what `exploration` began.
  static func endExploration(_ exploration: Exploration) {
    changeUsers { users in
      users.explorations -= 1
      guard let task = exploration.task, let runs = users.explorersTasks[task] else { return }
      users.explorersTasks[task] = runs > 1 ? runs - 1 : nil
    }
  }

  /// Changes who needs the hook; sets it when the first user comes (unless something else,
  /// TCA's serial executor, holds it), and unsets it when the last goes.
  private static func changeUsers(_ change: (inout Users) -> Void) {
    guard let hookVariable, #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
    else { return }
    users.withLock { users in
      let needed = users.needHook
      change(&users)
      if !needed, users.needHook, hookVariable.pointee == nil {
        hookVariable.pointee = hook
      } else if needed, !users.needHook, let set = hookVariable.pointee,
        address(of: set) == address(of: hook)
      {
        hookVariable.pointee = nil
      }
    }
  }

  /// The number the next job will get: the jobs numbered before it are those enqueued
  /// before now.
  static var horizon: UInt64 { users.withLock { $0.nextNumber } }

  /// How many trips of the explorations' own tasks through the global executor were left
  /// unnumbered so far.
  static var explorersTrips: Int { users.withLock { $0.explorersTrips } }

  /// Whether a job numbered before `horizon` has not run yet. The jobs are anyone's: a
  /// test running beside the exploration may have some on their way too.
  static func hasJobs(before horizon: UInt64) -> Bool {
    users.withLock { $0.numbered.contains { $0 < horizon } }
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
    var owners = countedOwners()
    if isCurrentTask(job) { owners = [] }
    // A screen's task reaches the global executor from the main actor (it leaves it), or
    // from a job of such a task (a `yield`, a task it starts): only those are numbered, and
    // other tests' work on the pool keeps its own path.
    let mayBeScreensWork = MainActorCheck.isOnMainActor || isRunningNumberedJob
    let number = users.withLock { users -> UInt64? in
      guard users.explorations > 0, mayBeScreensWork else { return nil }
      guard users.explorersTasks[UInt(bitPattern: address(of: job))] == nil else {
        users.explorersTrips += 1
        return nil
      }
      defer { users.nextNumber += 1 }
      users.numbered.insert(users.nextNumber)
      return users.nextNumber
    }
    guard !owners.isEmpty || number != nil else { return original(job) }
    run(job, countedIn: owners, number: number)
  }

  /// Runs `job` on a global queue, as the global executor would, counted in `owners` and
  /// numbered `number` until it has run.
  @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
  private static func run(
    _ job: UnownedJob, countedIn owners: [CallsInFlight.Scope], number: UInt64?
  ) {
    let pending = owners.isEmpty ? nil : PendingJob(owners: owners)
    if let pending { $isExempt.withValue(true) { MainActorHops.shared.scheduled(pending) } }
    let executor = globalConcurrentExecutor.asUnownedTaskExecutor()
    DispatchQueue.global().async {
      if number != nil { setRunningNumberedJob(true) }
      job.runSynchronously(on: executor)
      if let number {
        setRunningNumberedJob(false)
        _ = users.withLock { $0.numbered.remove(number) }
      }
      if let pending { $isExempt.withValue(true) { pending.ran() } }
    }
  }

  /// The thread's mark that it runs a numbered job now. A thread's own, not a task-local:
  /// while the job runs, its task's locals hide the thread's.
  private static let runningNumberedKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Whether the current thread runs a numbered job now.
  private static var isRunningNumberedJob: Bool {
    pthread_getspecific(runningNumberedKey) != nil
  }

  private static func setRunningNumberedJob(_ running: Bool) {
    pthread_setspecific(runningNumberedKey, running ? UnsafeRawPointer(bitPattern: 1) : nil)
  }

  /// Whether `job` is the task running now, going on to the global executor (from an
  /// actor's, say): a test's own task does that after each `await` on the main actor.
  private static func isCurrentTask(_ job: UnownedJob) -> Bool {
    let jobAddress = address(of: job)
    return withUnsafeCurrentTask { task in task.map { address(of: $0) == jobAddress } ?? false }
  }

  /// A job's address. A task is a job: both are the same object, so a task's job has the
  /// task's address.
  private static func address(of job: UnownedJob) -> UnsafeRawPointer {
    unsafeBitCast(job, to: UnsafeRawPointer.self)
  }

  /// A task's address (see ``address(of:)-(UnownedJob)``).
  private static func address(of task: UnsafeCurrentTask) -> UnsafeRawPointer {
    unsafeBitCast(task, to: UnsafeRawPointer.self)
  }

  /// The scopes of the work enqueueing a job now that count jobs.
  private static func countedOwners() -> [CallsInFlight.Scope] {
    let owners = CallsInFlight.shared.scopesOfCurrentTask()
    guard !owners.isEmpty else { return [] }
    return users.withLock { users in owners.filter { users.counted[$0] != nil } }
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
