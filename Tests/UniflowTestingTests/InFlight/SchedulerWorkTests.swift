import Foundation
import Testing
import Uniflow
import UniflowTesting

/// Work put on a system scheduler through Combine's operators counts as in flight from
/// when it is scheduled until it has delivered: a tester waits for it, names it, and never
/// says "Nothing the tester counts is in flight" while it is on its way.
@MainActor
@Suite struct SchedulerWorkTests {
  /// A wait that no run reaches. Thirty seconds was not enough: under the thread
  /// sanitizer, on two cores, the main actor was once busy with other tests for over 30 s,
  /// the timer fired, and the finish rightly found nothing left to name.
  nonisolated static var never: DispatchQueue.SchedulerTimeType.Stride { .seconds(86_400) }

  @Test func combinesOperatorsOnSystemSchedulersAreUniflowsCountedOnes() {
    // Swift picks Uniflow's overloads for a DispatchQueue, a RunLoop, an OperationQueue
    // and the porting kit's MainScheduler; the type says so.
    let subject = PassthroughSubject<Int, Never>()
    #expect(
      type(of: subject.receive(on: DispatchQueue.main))
        == Publishers.ReceiveOn<PassthroughSubject<Int, Never>, TrackedScheduler<DispatchQueue>>
        .self)
    #expect(
      type(of: subject.delay(for: .milliseconds(1), scheduler: RunLoop.main))
        == Publishers.Delay<PassthroughSubject<Int, Never>, TrackedScheduler<RunLoop>>.self)
    #expect(
      type(of: subject.debounce(for: .milliseconds(1), scheduler: OperationQueue.main))
        == Publishers.Debounce<PassthroughSubject<Int, Never>, TrackedScheduler<OperationQueue>>
        .self)
    #expect(
      type(
        of: subject.throttle(for: .milliseconds(1), scheduler: MainScheduler.instance, latest: true)
      )
        == Publishers.Throttle<PassthroughSubject<Int, Never>, TrackedScheduler<MainScheduler>>
        .self)
    #expect(
      type(of: subject.subscribe(on: DispatchQueue.global()))
        == Publishers.SubscribeOn<PassthroughSubject<Int, Never>, TrackedScheduler<DispatchQueue>>
        .self)
    #expect(
      type(of: subject.timeout(.seconds(1), scheduler: DispatchQueue.main))
        == Publishers.Timeout<PassthroughSubject<Int, Never>, TrackedScheduler<DispatchQueue>>
        .self)
  }

  @Test func aDelayStillWaitingIsNamedAtFinish() async {
    await withKnownIssue {
      let tester = ReactorTester(timeout: 60) { RecordFlow() }
      let delayed = Just(1).delay(for: Self.never, scheduler: DispatchQueue.main).sink { _ in }
      await tester.finish(timeout: 0.1)
      delayed.cancel()
    } matching: {
      issue($0, says: "a `delay` on the main queue, not yet delivered")
    }
  }

  @Test func aQueueLabelIsShownWithItsHiddenCharactersEscaped() async {
    // A label is the app's text: a terminal must never receive it as a control sequence.
    let queue = DispatchQueue(label: "feed\u{1B}[2J\u{7}")
    #expect(queue.nameInMessages == #"a dispatch queue `feed\u{1B}[2J\u{7}`"#)
    await withKnownIssue {
      let tester = ReactorTester(timeout: 60) { RecordFlow() }
      let delayed = Just(1).delay(for: Self.never, scheduler: queue).sink { _ in }
      await tester.finish(timeout: 0.1)
      delayed.cancel()
    } matching: {
      issue($0, says: #"a `delay` on a dispatch queue `feed\u{1B}[2J\u{7}`"#)
        && !"\($0.comments)".contains("\u{1B}")
    }
  }

  @Test func aPendingTimeoutIsInFlightUntilItsUpstreamEnds() async {
    let tester = ReactorTester(timeout: 60) { RecordFlow() }
    let subject = PassthroughSubject<Int, Never>()
    let watched = subject.timeout(Self.never, scheduler: DispatchQueue.main).sink { _ in }
    // The timer may still fire: the wait runs out rather than "Nothing the tester counts is in flight".
    await withKnownIssue {
      await tester.receive(.navigation(.pop), timeout: 0.1)
    } matching: {
      issue($0, says: "Waited 0.1 s", "a `timeout` on the main queue, not yet delivered")
    }
    // Its upstream ended, so the timer was cancelled: nothing is in flight any more.
    subject.send(completion: .finished)
    await withKnownIssue {
      await tester.receive(.navigation(.pop))
    } matching: {
      issue($0, says: "Nothing the tester counts is in flight")
        && !$0.description.contains("Waited")
    }
    await tester.finish()
    watched.cancel()
  }

  @Test func workNoTestsTaskStartedIsWaitedForButNotCalledTheTestsOwn() async {
    let tester = ReactorTester(timeout: 60) { RecordFlow() }
    let scheduler = TrackedScheduler(DispatchQueue.main, operation: "delay")
    // Scheduled from a dispatch queue, outside every task: no tester can tell whose it is.
    let timer = await withCheckedContinuation { done in
      DispatchQueue.global().async {
        done.resume(
          returning: scheduler.schedule(
            after: scheduler.now.advanced(by: Self.never), interval: Self.never,
            tolerance: .zero, options: nil, {}))
      }
    }
    await withKnownIssue {
      await tester.receive(.navigation(.pop), timeout: 0.1)
    } matching: {
      issue(
        $0, says: "Waited 0.1 s", "Also waited for work no test's task started",
        "a `delay` on the main queue, not yet delivered")
    }
    timer.cancel()
    // Not this test's work: its finish does not name it.
    await tester.finish()
  }

  @Test func workThatRanTwiceAtOnceOnAConcurrentQueueIsNamedWhenAValueNeverComes() async {
    await withKnownIssue {
      let tester = ReactorTester(timeout: 60) { RecordFlow() }
      await runTwoAtOnce(
        on: DispatchQueue(label: "concurrent", attributes: .concurrent), waitingForEachOther: 60)
      await tester.receive(.navigation(.pop))
      await tester.finish()
    } matching: {
      issue(
        $0, says: "Nothing the tester counts is in flight",
        "Two pieces of `delay` on a dispatch queue `concurrent`",
        "ran at once", "serial queue")
    }
  }

  @Test func workOnASerialQueueGetsNoConcurrencyHint() async {
    await withKnownIssue {
      let tester = ReactorTester(timeout: 60) { RecordFlow() }
      await runTwoAtOnce(on: DispatchQueue(label: "serial"), waitingForEachOther: 0.1)
      await tester.receive(.navigation(.pop))
      await tester.finish()
    } matching: {
      issue($0, says: "Nothing the tester counts is in flight") && !issue($0, says: "ran at once")
    }
  }

  /// Schedules two pieces of `delay` work on `queue` from the test's task; on a
  /// concurrent queue each waits (a second at most) until the other has started, so they
  /// run at once. Returns when both have run.
  /// Schedules two pieces of work on `queue`, each of which waits up to `seconds` for the
  /// other to start. On a concurrent queue they run at once as soon as the pool has a second
  /// thread for it, which on a loaded machine (the thread sanitizer, the other suites) can
  /// take well over a second: so the wait there is long, and ends as soon as both run. On a
  /// serial queue the second cannot start before the first ends, so the first waits out a
  /// short `seconds`.
  private func runTwoAtOnce(on queue: DispatchQueue, waitingForEachOther seconds: Double) async {
    let scheduler = TrackedScheduler(queue, operation: "delay")
    let started = DispatchGroup()
    let finished = DispatchGroup()
    for _ in 0..<2 {
      started.enter()
      finished.enter()
    }
    for _ in 0..<2 {
      scheduler.schedule(options: nil) {
        started.leave()
        _ = started.wait(timeout: .now() + seconds)
        finished.leave()
      }
    }
    await withCheckedContinuation { done in finished.notify(queue: .global()) { done.resume() } }
  }
}
