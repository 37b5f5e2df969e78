import Foundation
import Testing
import Uniflow
import UniflowTesting

/// Holds the calling thread for `seconds`, as work that computes does.
private func holdThread(for seconds: Double) {
  Thread.sleep(forTimeInterval: seconds)
}

/// A flow with one screen whose answer goes through a `Task.detached` that computes before
/// it hops to the main actor and asks to close.
final class ComputingFlow: Reactor {
  enum Route: Hashable { case computing }
  enum Action: Equatable { case navigation(NavigationAction<Route>) }
  struct State: NavigationState, Equatable {
    var path: [Route] = []
    var modal: Route?
  }

  /// The screen: `save()` does `work` in a detached task, then closes.
  @MainActor
  final class Screen {
    let closed = PublishRelay<Void>()
    private let work: @Sendable () -> Void

    init(work: @escaping @Sendable () -> Void) { self.work = work }

    func save() {
      Task.detached { [work, closed] in
        // Work that holds its thread, as a parser or an image decoder would.
        work()
        await MainActor.run { closed.accept(()) }
      }
    }
  }

  let initialState = State()
  let runtime = ReactorRuntime<ComputingFlow>()
  let screens = ChildScreens<ComputingFlow>()

  /// A flow whose screen computes for `seconds`.
  convenience init(seconds: Double) {
    self.init { holdThread(for: seconds) }
  }

  /// A flow whose screen does `work`.
  init(work: @escaping @Sendable () -> Void) {
    screens.attach(to: self, root: nil) { _ in
      let screen = Screen(work: work)
      return ChildScreen(screen, transitionItem: screen.closed) { _, sender in
        sender.index.map { .navigation(.didPop(toDepth: $0)) }
      }
    }
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .navigation(let navigation): state.apply(navigation)
    }
  }
}

/// The jobs a test's work puts on Swift's global executor are in flight until they have
/// run: a `receive` waits for a `Task.detached` however long its job takes, and other
/// work's jobs are not the test's. One at a time: each holds a thread of Swift's pool (two
/// threads on two cores), and the testers' wakes need one.
@MainActor
@Suite(.serialized) struct GlobalJobsTests {
  @Test func aDetachedTaskThatComputesLongerThanTheGraceIsWaitedFor() async throws {
    // Three tenths of a second: six times the grace for work nobody counts, and off the
    // pool that the grace's probe goes through.
    let tester = ReactorTester(timeout: 60) { ComputingFlow(seconds: 0.3) }
    tester.send(.navigation(.push(.computing))) { $0.path = [.computing] }
    try #require(tester.reactor.screens.screen(at: 0, as: ComputingFlow.Screen.self)).save()
    await tester.receive(.navigation(.didPop(toDepth: 0))) { $0.path = [] }
    await tester.finish()
  }

  @Test func aDetachedTaskNoTestStartedIsNotThisTestsWork() async {
    // Started from a queue, outside every test's task: a `receive` with nothing of its own
    // in flight still fails at once, while that job computes.
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      Task.detached {
        holdThread(for: 0.5)
        done.signal()
      }
    }
    await withKnownIssue {
      let tester = ReactorTester(timeout: 60) { ComputingFlow(seconds: 0) }
      tester.send(.navigation(.push(.computing))) { $0.path = [.computing] }
      await tester.receive(.navigation(.pop))
      await tester.finish()
    } matching: {
      issue($0, says: "no mutation arrived", "Nothing the tester counts is in flight")
        && !$0.description.contains("Waited")
    }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        done.wait()
        continuation.resume()
      }
    }
  }

  @Test func aDetachedTaskStillComputingAtFinishIsNamed() async {
    // Work that goes on until the test has finished, however loaded the machine.
    let finished = DispatchSemaphore(value: 0)
    let workEnded = DispatchSemaphore(value: 0)
    await withKnownIssue {
      let tester = ReactorTester(timeout: 60) {
        ComputingFlow {
          finished.wait()
          workEnded.signal()
        }
      }
      tester.send(.navigation(.push(.computing))) { $0.path = [.computing] }
      #expect(tester.reactor.screens.screen(at: 0, as: ComputingFlow.Screen.self) != nil)
      tester.reactor.screens.screen(at: 0, as: ComputingFlow.Screen.self)?.save()
      await tester.finish(timeout: 0.1)
    } matching: {
      issue(
        $0, says: "Work was still in flight at the end of the test",
        "a job of a task on the global executor, not yet run")
    }
    // The job ends now; its report reaches a flow that is gone.
    finished.signal()
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        workEnded.wait()
        continuation.resume()
      }
    }
  }
}
