import Foundation
import PropertyBased
import Testing
import Uniflow

@testable import UniflowTesting

/// Holds the calling thread for `seconds`, as work that computes does.
private func holdThread(for seconds: Double) {
  Thread.sleep(forTimeInterval: seconds)
}

/// Answers off the main actor after holding its thread for `seconds`, as a parser or a
/// stand-in service that computes would.
@concurrent
private func answer(after seconds: Double) async -> Int {
  holdThread(for: seconds)
  return 1
}

/// Answers once the test lets it (``release()``), and never before: a server that does not
/// answer.
private enum SilentServer {
  private static let waiting = Locked<[CheckedContinuation<Void, Never>]>([])

  static func answer() async {
    await withCheckedContinuation { continuation in
      waiting.withLock { $0.append(continuation) }
    }
  }

  /// Lets every call made so far return.
  static func release() {
    let released = waiting.withLock { waiting in
      defer { waiting.removeAll() }
      return waiting
    }
    for continuation in released { continuation.resume() }
  }
}

/// A view model whose `load()` starts a `Task` that holds it (it captures `self`) until
/// its answer is back on the main actor.
@MainActor
final class TaskCounter {
  enum Call: Equatable, Sendable { case load }
  private(set) var count = 0
  private let seconds: Double?

  /// Answers after `seconds` on another thread, or never when `nil`.
  init(seconds: Double?) { self.seconds = seconds }

  func load() {
    Task {
      if let seconds {
        count += await answer(after: seconds)
      } else {
        await SilentServer.answer()
        count += 1
      }
    }
  }
}

/// A flow that pushes and pops one screen, a ``TaskCounter``.
final class TaskCounterFlow: Reactor {
  enum Route: Hashable, Sendable { case counter }
  enum Action: Equatable, Sendable { case navigation(NavigationAction<Route>) }
  struct State: NavigationState, Equatable {
    var path: [Route] = []
    var modal: Route?
  }

  let initialState = State()
  let runtime = ReactorRuntime<TaskCounterFlow>()
  let screens = ChildScreens<TaskCounterFlow>()

  init(seconds: Double) {
    screens.attach(to: self, root: nil) { _ in
      ChildScreen(TaskCounter(seconds: seconds))
    }
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .navigation(let navigation): state.apply(navigation)
    }
  }
}

/// In an exploration, a screen that a `Task` it started still holds, off the main actor,
/// is not taken for a leak: before that verdict, the run lets the jobs on their way on
/// Swift's global executor run, and what they hand back to the main actor. A screen held
/// by a task that never ends is still reported. One at a time: two of them would hold both
/// threads of Swift's pool on two cores, which other tests' work needs.
@MainActor
@Suite(.serialized) struct ExploredTaskWorkTests {
  static func counter(seconds: Double?) -> Exploration<
    ExploredScreen<TaskCounter, TaskCounter.Call>
  > {
    Exploration(
      "counter",
      viewModel: { _ in TaskCounter(seconds: seconds) },
      calls: Gen.always(TaskCounter.Call.load),
      call: { _, counter in counter.load() })
  }

  @Test func aViewModelHeldByItsOwnTaskIsNotTakenForALeak() async {
    guard #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    // The answer holds its thread for 100 ms: far longer than the main queue's drain, so a
    // run that did not wait for the task would find the view model alive at its end.
    let failure = await Self.counter(seconds: 0.1).failure(of: [.send(.load)])
    #expect(failure == nil)
  }

  @Test func aScreenThatLeftWhileItsTaskComputesIsNotTakenForALeak() async {
    guard #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let flow = Exploration(
      "flow",
      actions: Gen.always(TaskCounterFlow.Action.navigation(.push(.counter))),
      events: [
        .init("the counter loads") { flow in
          let depth = flow.currentState.path.count
          if depth > 0 { flow.screens.screen(at: depth - 1, as: TaskCounter.self)?.load() }
        }
      ],
      make: { _ in TaskCounterFlow(seconds: 0.1) })
    // The pop comes while the answer is computed: the screen is held by its task, not
    // leaked, when the step after it is checked.
    let failure = await flow.failure(of: [
      .send(.navigation(.push(.counter))), .event("the counter loads"),
      .send(.navigation(.didPop(toDepth: 0))),
    ])
    #expect(failure == nil)
  }

  @Test func aViewModelHeldByATaskThatNeverEndsIsReported() async {
    guard #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    defer { SilentServer.release() }
    let failure = await Self.counter(seconds: nil).failure(of: [.send(.load)])
    #expect(failure?.isSameKind(as: .leaked("")) == true)
    let message = failure.map(String.init(describing:)) ?? ""
    #expect(message.contains("`TaskCounter` was not freed"))
  }

  /// The run's own trips through the global executor (each `Task.yield()` of a settle) are
  /// the exploration's, not a screen's: they are left unnumbered, so a look with nothing
  /// else on its way ends the wait at once (beside other tests' explorations, their jobs
  /// may still make it wait).
  @Test func theRunsOwnTripsAreNotTakenForAScreensWork() async {
    guard #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    defer { SilentServer.release() }
    let tripsBefore = GlobalJobs.explorersTrips
    let run = ExploreRun(Self.counter(seconds: nil))
    let failure = await sendingThenFinishing(.load, in: run)
    #expect(failure?.isSameKind(as: .leaked("")) == true)
    #expect(GlobalJobs.explorersTrips > tripsBefore)
  }
}

/// Sends `action` in `run`, then finishes it: what failed, if anything.
@MainActor
private func sendingThenFinishing<Screen>(
  _ action: Screen.Action, in run: ExploreRun<Screen>
) async -> ExploreFailure? {
  await run.within {
    do throws(ExploreFailure) {
      try await run.perform(.send(action))
      try await run.finish()
      return nil
    } catch {
      return error
    }
  }
}

/// One slice of work off the main actor: holds its thread for a millisecond.
@concurrent
private func computeASlice() async {
  holdThread(for: 0.001)
}

/// A view model whose `load()` starts a `Task` that holds it until the test opens the gate:
/// it goes back and forth between the main actor and Swift's pool, a slice of work off it
/// each time, so a job of it is on its way or starting at every look.
@MainActor
final class GatedCounter {
  enum Call: Equatable, Sendable { case load }
  private(set) var count = 0
  private let gate: Locked<Bool>

  init(gate: Locked<Bool>) { self.gate = gate }

  func load() {
    Task {
      while !gate.withLock({ $0 }) {
        await computeASlice()
        count += 1
      }
    }
  }
}

/// A verdict's wait for the global executor's jobs has limits; a leak found once one was
/// reached says that a job still on its way may be what holds the screen.
@MainActor
@Suite struct ExploredTaskWorkBudgetTests {
  /// Either limit: 100 ms, which the task's back and forth outlasts, or 10 s, which its 20
  /// rounds of a millisecond's slice each come well within.
  @Test(arguments: [100, 10_000])
  func aVerdictAtTheWaitsLimitSaysThatAJobMayHoldTheScreen(budgetMilliseconds: Int) async {
    guard #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    // The task computes until the verdict is in.
    let gate = Locked(false)
    defer { gate.withLock { $0 = true } }
    let exploration = Exploration(
      "counter",
      viewModel: { _ in GatedCounter(gate: gate) },
      calls: Gen.always(GatedCounter.Call.load),
      call: { _, counter in counter.load() })
    let run = ExploreRun(exploration)
    run.globalJobsBudget = .milliseconds(budgetMilliseconds)
    let failure = await sendingThenFinishing(.load, in: run)
    let message = failure.map(String.init(describing:)) ?? ""
    #expect(failure?.isSameKind(as: .leaked("")) == true)
    #expect(message.contains("were still on their way when the exploration stopped waiting"))
  }
}
