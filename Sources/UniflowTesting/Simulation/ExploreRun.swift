import Clocks
import Foundation
import IssueReporting
import Uniflow

/// One run of an exploration: a new screen, its clock and its executor, the steps
/// performed one by one with the rules checked after each, then the screen let go of.
/// Every run of the same steps is the same: the screen's asynchronous work runs only when
/// a step says so (``SimulatedExecutor``), its hops to the main actor run within the step
/// (``MainActorHops``, then the main queue), and actions from other threads are handed
/// over before the step ends.
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
@MainActor
final class ExploreRun<Screen: Reactor> {
  typealias Step = ExploreStep<Screen.Action>

  /// The most pieces of work (jobs, hops) one step may run before it is taken as never
  /// settling.
  private var settleLimit: Int { exploration.settleLimit }

  let executor = SimulatedExecutor()
  let clock = ExploreClock()
  private(set) var screen: Screen?
  private weak var weakScreen: Screen?
  private let exploration: Exploration<Screen>
  /// The issues reported during the run; warnings are not failures.
  private let issues = IssueCollector(keepsWarnings: false)
  private var hops: MainActorHops.Watch?
  /// The run's own hops: those of inboxes made in its task (the steps' work), told apart
  /// from other tests' running beside it.
  private var scope: CallsInFlight.Scope?
  /// The run's hold on the numbering of the global executor's jobs (see
  /// ``letGlobalJobsEnd(until:)``); `nil` once the run has finished.
  private var globalJobs: GlobalJobs.Exploration?
  /// How long a verdict waits at most, in all, for the jobs on Swift's global executor
  /// (see ``letGlobalJobsEnd(until:)``).
  var globalJobsBudget: Duration = .seconds(10)
  /// What reports the screen's work when it is a flow (its `ChildScreens`), weak: the
  /// screens that left are read from it after every step.
  private let reporters: [WeakWorkReporter]
  /// The records of every screen the flow made, kept past the flow's end: each screen must
  /// be gone once the flow is.
  private let ledgers: [ScreenLedger]
  /// What else must be freed once the screen is: the stream or view model it wraps.
  private let alsoFreed: [WeakObject]

  init(_ exploration: Exploration<Screen>) {
    self.exploration = exploration
    let scope = CallsInFlight.shared.openScope()
    self.scope = scope
    hops = MainActorHops.shared.watch(scope: scope) {}
    globalJobs = GlobalJobs.beginExploration()
    let (executor, issues, clock) = (executor, issues, clock)
    let made = SimulatedExecutor.$current.withValue(executor) {
      withIssueReporters([issues]) { exploration.make(clock) }
    }
    screen = made
    weakScreen = made
    alsoFreed = exploration.alsoFreed(made).map(WeakObject.init)
    let reporters = made.runtime.workReporters
    self.reporters = reporters.map { WeakWorkReporter(object: $0) }
    ledgers = reporters.compactMap { ($0 as? any ScreenLedgerHolding)?.screenLedger }
    // A flow's screens report their misuses here rather than to the test.
    for reporter in reporters {
      reporter.issueHandler = { [issues] message in issues.append(message) }
    }
  }

  isolated deinit {
    // A run that failed before `finish()` stops watching here.
    if let hops { MainActorHops.shared.stopWatching(hops) }
    if let scope { CallsInFlight.shared.close(scope) }
    if let globalJobs { GlobalJobs.endExploration(globalJobs) }
  }

  /// How many pieces of asynchronous work wait to run.
  var waitingWork: Int { executor.waitingCount }

  /// The screen's state now.
  var state: Screen.State? { screen?.currentState }

  /// Runs `body` as the run's steps must run: with the run's executor as the task's (so
  /// that the effects and calls the steps start wait there) and the run's issue reporter
  /// (so that what goes wrong is a failure of the run, not of the test). Set once for all
  /// the steps, not per step.
  func within<Result>(_ body: () async -> Result) async -> Result {
    await SimulatedExecutor.$current.withValue(executor) {
      await withIssueReporters([issues]) { await body() }
    }
  }

  /// Performs `step`, lets what it started on the main actor settle, and checks the rules;
  /// call it within ``within(_:)``.
  func perform(_ step: Step) async throws(ExploreFailure) {
    guard let screen else { return }
    switch step {
    case .send(let action):
      screen.send(action)
    case .sendFromAnotherThread(let action):
      if let send = exploration.sendFromAnotherThread {
        send(screen, action, executor)
        break
      }
      let input = screen.action
      // Sent from a thread of the global pool while the main thread waits: the action is on
      // its way (its hop scheduled) when this returns, and the settle below hands it over,
      // so the run does not depend on when the main actor would have.
      DispatchQueue.global().sync { input.send(action) }
    case .runWork(let index):
      executor.runNext { index < $0 ? index : $0 - 1 }
    case .advanceClock(let milliseconds):
      clock.advance(by: .milliseconds(milliseconds))
    case .event(let name):
      guard let event = exploration.events.first(where: { $0.name == name }) else {
        throw .issue("no event named \(name) in the exploration")
      }
      event.run(screen)
    }
    try await settle()
    try check()
    try await checkScreensThatLeft()
  }

  /// Whether no work of the run waits: no effect or call to run, no sleep on the clock,
  /// no hop.
  private var nothingWaits: Bool {
    executor.waitingCount == 0 && clock.sleeperCount == 0
      && !MainActorHops.shared.hasWaiting(for: scope)
  }

  /// The screens whose routes left the flow and that are still alive, described.
  private var screensThatLeft: [String] {
    reporters.flatMap { $0.object?.screensThatLeft ?? [] }.map {
      FreedCheck.described($0.screen, $0.description)
    }
  }

  /// The rule for a flow's screens: once a screen's route has left and every piece of
  /// work has run, the screen is gone. While work waits (an effect to run, a sleep on the
  /// clock, a hop, a job on Swift's global executor) a screen may be held by it, and is not
  /// judged yet.
  private func checkScreensThatLeft() async throws(ExploreFailure) {
    guard !reporters.isEmpty, nothingWaits, !screensThatLeft.isEmpty else { return }
    let ranOut = try await letGlobalJobsEnd { self.screensThatLeft.isEmpty }
    let left = screensThatLeft
    guard !left.isEmpty, nothingWaits else { return }
    throw .leaked(
      left.joined(separator: ", ")
        + (left.count == 1 ? " is" : " are")
        + " still alive though its route left the flow and all its work has run: something "
        + "outside the flow holds it, such as a `sink` on a shared service's publisher or a "
        + "`Task` whose closure captures the screen strongly (capture it `[weak self]`, or "
        + "keep the subscription in the screen)" + stillRunningNote(ranOut))
  }

  /// Before a screen is called leaked: lets the jobs on their way on Swift's global
  /// executor run, then what they hand to the main actor, round after round, until
  /// `isSettled` holds, a round finds no job on its way and none starting, or the wait's
  /// limits (``globalRounds``, `globalJobsBudget`) are reached. Returns whether it stopped
  /// at a limit with jobs still on their way: the verdict then says that one of them may
  /// hold the screen.
  ///
  /// A `Task` the screen started (a view model's `Task { await service.load() }`) goes
  /// off the main actor for each call to a nonisolated function, and holds the screen until
  /// it ends. Its jobs are not the run's to schedule (the runtime does not say whose they
  /// are), so the run cannot order them; it can wait for them, and does, before a verdict
  /// that they could make wrong. The main actor runs what they hand it every millisecond
  /// of the wait, so the wait ends as soon as the screen is gone, whatever other tests'
  /// jobs are still on their way. A task suspended on something other than a job (a real
  /// server, a timer) is not waited for.
  private func letGlobalJobsEnd(until isSettled: () -> Bool) async throws(ExploreFailure)
    -> Bool
  {
    let deadline = ContinuousClock.now + globalJobsBudget
    for _ in 0..<Self.globalRounds {
      // A job that ran before this look handed its main-actor work on before it was
      // counted as run, so the settle below runs that work. The look counts only if no job
      // was on its way before the settle and none came during it (the screen's task, say,
      // going off the main actor again); otherwise the round waits for them and looks again.
      let before = GlobalJobs.horizon
      let wereOnTheirWay = GlobalJobs.hasJobs(before: before)
      try await settle()
      if isSettled() { return false }
      let after = GlobalJobs.horizon
      if !wereOnTheirWay, after == before { return false }
      while GlobalJobs.hasJobs(before: after) {
        guard ContinuousClock.now < deadline else { return true }
        try? await Task.sleep(for: .milliseconds(1))
        try await settle()
        if isSettled() { return false }
      }
    }
    // Every round found work on its way or starting: the task that holds the screen may
    // be going back and forth still.
    return true
  }

  /// How many rounds of ``letGlobalJobsEnd(until:)`` a verdict waits at most: a task that
  /// goes off the main actor and back this many times has had its chance.
  private static var globalRounds: Int { 20 }

  /// What a leak's message adds when ``letGlobalJobsEnd(until:)`` stopped at a limit.
  private func stillRunningNote(_ ranOut: Bool) -> String {
    guard ranOut else { return "" }
    return " Jobs on Swift's global executor were still on their way when the exploration "
      + "stopped waiting for them (after \(Self.globalRounds) rounds, or \(globalJobsBudget)): "
      + "if one of them holds it (a `Task` that goes on computing), it may not be a leak."
  }

  /// Runs what waits on the main actor: the library's hops, then the main queue, until
  /// neither has anything left.
  private func settle() async throws(ExploreFailure) {
    var ran = MainActorHops.shared.runAll(for: scope)
    while true {
      let before = MainActorHops.shared.changeCount(for: scope)
      await MainQueue.drain()
      ran += MainActorHops.shared.runAll(for: scope)
      if MainActorHops.shared.changeCount(for: scope) == before { return }
      if ran > settleLimit { throw .neverSettled(steps: ran) }
    }
  }

  /// The rules after a step: no issue reported, and the invariant holds.
  private func check() throws(ExploreFailure) {
    if let issue = issues.takeFirst() { throw .issue(issue) }
    guard let screen else { return }
    do {
      try exploration.invariant(screen)
    } catch {
      throw .invariant(String(describing: error))
    }
  }

  /// Ends the run: lets every piece of waiting work run (oldest first), lets go of the
  /// screen, runs what its cancelled effects still had to do, and checks that the screen
  /// was freed and that nothing is left running; call it within ``within(_:)``.
  func finish() async throws(ExploreFailure) {
    defer {
      if let hops { MainActorHops.shared.stopWatching(hops) }
      if let scope { CallsInFlight.shared.close(scope) }
      if let globalJobs { GlobalJobs.endExploration(globalJobs) }
      hops = nil
      scope = nil
      globalJobs = nil
    }
    var ran = 0
    while executor.waitingCount > 0 {
      try await perform(.runWork(0))
      ran += 1
      if ran > settleLimit { throw .neverSettled(steps: ran) }
    }
    let live = screen.map { Self.liveTasks(of: $0) } ?? 0
    screen = nil
    // Cancelled effects end when their tasks see the cancellation, and a task the screen
    // started goes on to its end: run what they do, and what that hands back.
    ran = 0
    repeat {
      while executor.waitingCount > 0 {
        executor.runNext { _ in 0 }
        ran += 1
        if ran > settleLimit { throw .neverSettled(steps: ran) }
      }
      try await settle()
    } while executor.waitingCount > 0
    if let issue = issues.takeFirst() { throw .issue(issue) }
    let ranOut = try await letGlobalJobsEnd {
      self.weakScreen == nil && self.alsoFreed.allSatisfy { $0.object == nil }
        && self.ledgers.allSatisfy { $0.aliveScreens.isEmpty }
    }
    if weakScreen != nil {
      let running = weakScreen.map { Self.liveTasks(of: $0) } ?? 0
      if running > 0 {
        throw .workLeftRunning(
          "\(running) `.run` effect(s) of `\(Screen.self)` did not stop when they were "
            + "cancelled (of \(live) running before it was let go of)")
      }
      throw .leaked(
        "`\(Screen.self)` was not freed once the exploration let go of it: a closure that "
          + "captures it strongly (in an effect, a `sink`, a `Task`) or a reference kept "
          + "outside it holds it" + stillRunningNote(ranOut))
    }
    for object in alsoFreed.compactMap(\.object) {
      throw .leaked(
        "`\(type(of: object))` was not freed once the exploration let go of it: a closure "
          + "that captures it strongly (a `sink` kept in a bag it owns, a `Task`) or a "
          + "reference kept outside it holds it" + stillRunningNote(ranOut))
    }
    let alive = ledgers.flatMap(\.aliveScreens).map {
      FreedCheck.described($0.screen, $0.description)
    }
    if !alive.isEmpty {
      throw .leaked(
        "`\(Screen.self)` was freed, but " + alive.joined(separator: ", ")
          + (alive.count == 1 ? " is" : " are")
          + " still alive: something outside the flow holds it, such as a `sink` on a "
          + "shared service's publisher or a `Task` whose closure captures the screen "
          + "strongly" + stillRunningNote(ranOut))
    }
  }

  private static func liveTasks(of screen: Screen) -> Int {
    screen.runtime.liveEffectTaskCount
  }
}

/// An object held weakly, to see whether it is freed.
private struct WeakObject {
  weak var object: AnyObject?

  init(_ object: AnyObject) { self.object = object }
}
