import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A flow's tester counts what its screens have in flight, whatever their shape and
/// whatever thread they report on: `receive` waits for it, `finish()` names it, and what
/// goes wrong on the way is reported in the test.
@MainActor
@Suite struct FlowInFlightTests {
  /// Opens `gate` a little later, from another task, so that the screen's work is still
  /// running when the test starts waiting.
  func open(_ gate: Gate) {
    Task.detached {
      try? await Task.sleep(nanoseconds: 20_000_000)
      gate.open()
    }
  }

  @Test(arguments: RecordFlow.Shape.allCases)
  func aScreensAsynchronousReportIsAwaitedByTheFlowsReceive(shape: RecordFlow.Shape) async {
    let gate = Gate()
    let tester = ReactorTester { RecordFlow(gate: gate) }
    // A deep link opens the detail with the record screen over it.
    tester.send(.navigation(.setPath([.detail(1), .record(1, shape)]))) {
      $0.path = [.detail(1), .record(1, shape)]
    }
    tester.reactor.startSaving(at: 1)
    open(gate)
    await tester.receive(.navigation(.didPop(toDepth: 1))) { $0.path = [.detail(1)] }
    await tester.finish()
  }

  @Test(arguments: RecordFlow.Shape.allCases)
  func aModalScreensAsynchronousReportIsAwaitedToo(shape: RecordFlow.Shape) async {
    let gate = Gate()
    let tester = ReactorTester { RecordFlow(gate: gate) }
    tester.send(.navigation(.present(.record(7, shape)))) { $0.modal = .record(7, shape) }
    tester.reactor.startSaving(at: nil)
    open(gate)
    await tester.receive(.navigation(.dismiss)) { $0.modal = nil }
    await tester.finish()
  }

  /// So that the test clock, which waits for the tester's effect queue, waits for a
  /// screen's timer as it does for the flow's own.
  @Test func aReactorScreenPushedInATestedFlowRunsItsEffectsOnTheTestersQueue() async throws {
    let tester = ReactorTester { RecordFlow() }
    tester.send(.navigation(.push(.record(1, .reactor)))) { $0.path = [.record(1, .reactor)] }
    do {
      // Held only here: the flow's freed check at `finish()` wants its screens gone.
      let screen = try #require(tester.reactor.screens.screen(at: 0, as: RecordReactor.self))
      let queue = try #require(tester.reactor.runtime.effectExecutor)
      #expect(screen.runtime.effectExecutor === queue)
    }
    await tester.finish()
  }

  @Test func aReactorScreenStillWorkingAtFinishIsNamedWithItsRoute() async {
    await withKnownIssue {
      let tester = ReactorTester { RecordFlow() }
      tester.send(.navigation(.push(.record(2, .reactor)))) { $0.path = [.record(2, .reactor)] }
      tester.reactor.startSaving(at: 0)
      await tester.finish(timeout: 0.1)
    } matching: {
      issue(
        $0, says: "Work was still in flight at the end of the test",
        "1 running effect(s) of `RecordReactor` for route `record(2, ")
    }
  }

  @Test(arguments: RecordFlow.Shape.allCases)
  func skippingInFlightEffectsEndsTheScreensWorkToo(shape: RecordFlow.Shape) async {
    let tester = ReactorTester { RecordFlow() }
    tester.send(.navigation(.push(.record(2, shape)))) { $0.path = [.record(2, shape)] }
    tester.reactor.startSaving(at: 0)
    tester.skipInFlightEffects()
    await tester.finish(timeout: 0.1)
  }

  @Test(arguments: [RecordFlow.Shape.stream, .viewModel])
  func aStreamOrViewModelScreensCallStillRunningAtFinishIsNamed(shape: RecordFlow.Shape) async {
    await withKnownIssue {
      let tester = ReactorTester { RecordFlow() }
      tester.send(.navigation(.push(.record(2, shape)))) { $0.path = [.record(2, shape)] }
      tester.reactor.startSaving(at: 0)
      await tester.finish(timeout: 0.1)
    } matching: {
      issue(
        $0, says: "Work was still in flight at the end of the test",
        "a `TaskPublisher` call made at UniflowTestingTests/RecordFlow.swift:")
    }
  }

  @Test func screensReportingFromEightThreadsReachTheFlowInEachThreadsOrder() async {
    let flow = RecordFlow()
    flow.send(.navigation(.setPath([.echo])))
    let echo = try! #require(flow.screens.screen(at: 0, as: Echo.self))
    let sent = DispatchGroup()
    for thread in 0..<8 {
      sent.enter()
      DispatchQueue.global().async {
        for index in 0..<25 { echo.items.accept(thread * 100 + index) }
        sent.leave()
      }
    }
    await withCheckedContinuation { done in
      DispatchQueue.global().async {
        sent.wait()
        done.resume()
      }
    }
    await eventually("every report") { flow.currentState.path.count == 201 }
    let pushed = flow.currentState.path.dropFirst().compactMap { route -> Int? in
      if case .detail(let value) = route { value } else { nil }
    }
    for thread in 0..<8 {
      #expect(pushed.filter { $0 / 100 == thread } == (0..<25).map { thread * 100 + $0 })
    }
  }

  @Test func aFlowsTesterWaitsForReportsSentFromOtherThreads() async {
    let tester = ReactorTester { RecordFlow() }
    tester.send(.navigation(.push(.echo))) { $0.path = [.echo] }
    weak let echo = tester.reactor.screens.screen(at: 0, as: Echo.self)
    // The main actor is held while the report is sent, so it is on its way when the test
    // goes on.
    DispatchQueue.global().sync { echo?.items.accept(3) }
    await tester.receive(.navigation(.push(.detail(3)))) { $0.path = [.echo, .detail(3)] }
    await tester.finish()
  }

  @Test func aReportFromAScreenThatLeftIsDroppedAndNamedWithTheRouteAndPath() async {
    await withKnownIssue {
      let tester = ReactorTester { RecordFlow() }
      tester.send(.navigation(.push(.echo))) { $0.path = [.echo] }
      weak let echo = tester.reactor.screens.screen(at: 0, as: Echo.self)
      DispatchQueue.global().sync { echo?.items.accept(3) }
      tester.send(.navigation(.pop)) { $0.path = [] }
      await tester.finish()
    } matching: {
      issue(
        $0, says: "A report from `Echo` for route `echo` reached the flow after the screen left",
        "it was dropped. The path is now []")
    }
  }

  @Test func aScreensActionThatPopsPastTheStackIsReportedInTheTest() async {
    await withKnownIssue {
      let tester = ReactorTester { RecordFlow(rootEcho: Echo()) }
      weak let echo = tester.reactor.screens.root as? Echo
      // From another thread: the flow hears it in a hop to the main actor, outside the
      // test's task, and the tester still reports it.
      DispatchQueue.global().sync { echo?.items.accept(1) }
      await tester.receive(.navigation(.pop))
      await tester.finish()
    } matching: {
      issue($0, says: "`pop` has no route to pop, so it was ignored. The path is []")
    }
  }

  @Test func oneScreenObjectForTwoRoutesReportsOnceAndIsReported() async {
    await withKnownIssue {
      let tester = ReactorTester { RecordFlow() }
      tester.send(.navigation(.setPath([.shared, .shared]))) { $0.path = [.shared, .shared] }
      tester.reactor.sharedEcho.items.accept(4)
      await tester.receive(.navigation(.push(.detail(4)))) {
        $0.path = [.shared, .shared, .detail(4)]
      }
      await tester.finish()
    } matching: {
      issue(
        $0,
        says: "The screen object made for route `shared` is already the screen of `Echo` "
          + "for route `shared`")
    }
  }

  @Test func aReportNamesAHostileRouteEscaped() async {
    await withKnownIssue {
      let tester = ReactorTester { RecordFlow() }
      tester.send(.navigation(.push(.echo))) { $0.path = [.echo] }
      weak let echo = tester.reactor.screens.screen(at: 0, as: Echo.self)
      DispatchQueue.global().sync { echo?.items.accept(3) }
      // The path the message shows holds what came from outside the app.
      let hostile = RecordFlow.Route.note(.init(description: "\u{1B}]0;owned\u{7}\u{202E}"))
      tester.send(.navigation(.setPath([hostile]))) { $0.path = [hostile] }
      await tester.finish()
    } matching: {
      let text = $0.comments.map(\.rawValue).joined()
      return text.contains("A report from `Echo` for route `echo`")
        && text.contains("\\u{1B}]0;owned\\u{7}\\u{202E}")
        && !text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }
    }
  }
}
