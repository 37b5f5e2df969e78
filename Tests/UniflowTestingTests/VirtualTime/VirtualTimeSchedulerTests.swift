import Foundation
import Testing
import Uniflow
import UniflowTesting

@Suite struct VirtualTimeSchedulerTests {
  struct Boom: Error, Equatable {}

  @Test func recordsValuesAndCompletionAtTheirTicks() {
    let scheduler = VirtualTimeScheduler()
    let source = scheduler.createHotPublisher([
      Recorded<Int, Never>.next(2, 1), .next(5, 2), .finished(7),
    ])
    let observer = scheduler.createObserver(Int.self)
    source.subscribe(observer)
    scheduler.start()
    #expect(observer.events == [.next(2, 1), .next(5, 2), .finished(7)])
    #expect(observer.values == [1, 2])
    #expect(scheduler.now == 7)
  }

  @Test func eventsOfValuesOnlyNeedNoFailureType() {
    // RxTest's `createHotObservable([.next(100, "sw")])` has no failure type; ported, it
    // compiles as it is and cannot fail.
    let scheduler = VirtualTimeScheduler()
    let hot = scheduler.createHotPublisher([.next(1, "sw"), .next(2, "swift")])
    let cold = scheduler.createColdPublisher([.next(1, 7), .completed(2)])
    let hotObserver = scheduler.createObserver(String.self)
    let coldObserver = scheduler.createObserver(Int.self)
    hot.subscribe(hotObserver)
    scheduler.advance(to: 1)
    cold.subscribe(coldObserver)
    scheduler.start()
    #expect(hotObserver.events == [.next(1, "sw"), .next(2, "swift")])
    #expect(coldObserver.events == [.next(2, 7), .finished(3)])
  }

  @MainActor @Test func aDriverDrivesATestableObserver() {
    // RxTest's `output.names.drive(observer)`, on the main thread as a test runs.
    let scheduler = VirtualTimeScheduler()
    let names = scheduler.createHotPublisher([.next(3, "Kim"), .next(5, "Lee")])
    let observer = scheduler.createObserver(String.self)
    let bag = DisposeBag()
    names.asDriver().map { $0.uppercased() }.asDriver().drive(observer).disposed(by: bag)
    scheduler.start()
    #expect(observer.events == [.next(3, "KIM"), .next(5, "LEE")])
  }

  @Test func aSignalEmitsToATestableObserverAndRxTestsEventsSpellTheTimeline() {
    // RxTest's `signal.emit(to: observer)` and `Recorded.events(…)`, as a port keeps them.
    let scheduler = VirtualTimeScheduler()
    let taps = scheduler.createHotPublisher([.next(100, [String]()), .next(200, ["Stub"])])
    let observer = scheduler.createObserver([String].self)
    let bag = DisposeBag()
    taps.emit(to: observer).disposed(by: bag)
    scheduler.start()
    #expect(observer.events == Recorded.events([.next(100, []), .next(200, ["Stub"])]))
    #expect(observer.events == Recorded.events(.next(100, []), .next(200, ["Stub"])))
    #expect(observer.events != Recorded.events(.next(100, [])))
  }

  @Test func recordsAFailure() {
    let scheduler = VirtualTimeScheduler()
    let source = scheduler.createHotPublisher([
      Recorded<Int, Boom>.next(1, 1), .failure(3, Boom()),
    ])
    let observer = scheduler.createObserver(Int.self, failure: Boom.self)
    source.subscribe(observer)
    scheduler.start()
    #expect(observer.events == [.next(1, 1), .error(3, Boom())])
  }

  @Test func aDifferentTimelineDoesNotCompareEqual() {
    let scheduler = VirtualTimeScheduler()
    let source = scheduler.createHotPublisher([Recorded<Int, Never>.next(2, 1)])
    let observer = scheduler.createObserver(Int.self)
    source.subscribe(observer)
    scheduler.start()
    #expect(observer.events != [.next(3, 1)])
    #expect(observer.events != [.next(2, 2)])
  }

  @Test func aHotPublisherDoesNotReplayEventsBeforeTheSubscription() {
    let scheduler = VirtualTimeScheduler()
    let source = scheduler.createHotPublisher([
      Recorded<String, Never>.next(1, "a"), .next(4, "b"),
    ])
    let observer = scheduler.createObserver(String.self)
    scheduler.advance(to: 2)
    source.subscribe(observer)
    scheduler.start()
    #expect(observer.events == [.next(4, "b")])
  }

  @Test func aColdPublisherCountsTicksFromEachSubscription() {
    let scheduler = VirtualTimeScheduler()
    let source = scheduler.createColdPublisher([Recorded<String, Never>.next(1, "a")])
    let early = scheduler.createObserver(String.self)
    let late = scheduler.createObserver(String.self)
    source.subscribe(early)
    scheduler.advance(to: 5)
    source.subscribe(late)
    scheduler.start()
    #expect(early.events == [.next(1, "a")])
    #expect(late.events == [.next(6, "a")])
  }

  @Test func drivesDebounceThroughTheWrappedScheduler() {
    let scheduler = VirtualTimeScheduler(resolution: 0.1)
    let typing = scheduler.createHotPublisher([
      Recorded<String, Never>.next(1, "s"), .next(2, "sw"), .next(3, "swi"), .next(10, "swift"),
    ])
    let observer = scheduler.createObserver(String.self)
    typing.debounce(for: .milliseconds(300), scheduler: scheduler.scheduler).subscribe(observer)
    scheduler.start()
    #expect(observer.events == [.next(6, "swi"), .next(13, "swift")])
  }

  @Test func aCancelledObserverRecordsNothingMore() {
    let scheduler = VirtualTimeScheduler()
    let source = scheduler.createHotPublisher([
      Recorded<Int, Never>.next(1, 1), .next(2, 2),
    ])
    let observer = scheduler.createObserver(Int.self)
    let cancellable = source.bind(to: observer)
    scheduler.advance(to: 1)
    cancellable.cancel()
    scheduler.start()
    #expect(observer.events == [.next(1, 1)])
  }

  @Test func startMakesSubscribesAndCancelsAtItsTicksAsRxTestDoes() {
    let scheduler = VirtualTimeScheduler()
    let source = scheduler.createHotPublisher([
      Recorded<Int, Never>.next(150, 1), .next(250, 2), .next(900, 3), .next(1_100, 4),
    ])
    var madeAt: Int?
    let observer = scheduler.start {
      madeAt = scheduler.now
      return source
    }
    #expect(madeAt == 100)
    // Before the subscription at 200 nothing is seen; after the cancellation at 1,000
    // nothing is either.
    #expect(observer.events == [.next(250, 2), .next(900, 3)])
  }

  @Test func startWithItsTicksGivenSeesAColdPublisherFromTheSubscription() {
    let scheduler = VirtualTimeScheduler()
    let cold = scheduler.createColdPublisher([
      Recorded<String, Never>.next(10, "a"), .completed(20),
    ])
    let observer = scheduler.start(created: 0, subscribed: 5, disposed: 100) { cold }
    #expect(observer.events == [.next(15, "a"), .completed(25)])
  }
}
