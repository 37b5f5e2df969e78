import Foundation
import Testing
import Uniflow

// Every other operator migrate writes for an RxSwift one, as Apple's Combine behaves: the
// values each sends and when it ends. (The limiting operators have their own suite.)
@Suite struct MappedOperatorTests {
  @Test func switchToLatestSendsOnlyTheNewestInnerAndEndsAfterIt() {
    let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
    let seen = Seen(outer.switchToLatest())
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    outer.send(first)
    first.send(1)
    outer.send(second)
    first.send(2)
    second.send(3)
    #expect(seen.values == [1, 3])
    outer.send(completion: .finished)
    #expect(!seen.isFinished, "the newest inner still runs")
    second.send(4)
    second.send(completion: .finished)
    #expect(seen.values == [1, 3, 4])
    #expect(seen.isFinished)
  }

  @Test func flatMapEndsWhenTheUpstreamAndEveryInnerHaveEnded() {
    let outer = PassthroughSubject<Int, Never>()
    let inners = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
    let seen = Seen(outer.flatMap { inners[$0] })
    outer.send(0)
    outer.send(1)
    inners[1].send(10)
    inners[0].send(20)
    outer.send(completion: .finished)
    inners[0].send(completion: .finished)
    #expect(!seen.isFinished)
    inners[1].send(completion: .finished)
    #expect(seen.values == [10, 20])
    #expect(seen.isFinished)
  }

  @Test func removeDuplicatesDropsOnlyARepeatOfTheValueBefore() {
    let seen = Seen([1, 1, 2, 1, 1, 3].publisher.removeDuplicates())
    #expect(seen.values == [1, 2, 1, 3])
    #expect(seen.isFinished)
  }

  @Test func prependSendsItsValuesBeforeTheUpstreamsAtSubscription() {
    let subject = PassthroughSubject<Int, Never>()
    let seen = Seen(subject.prepend(0, 1))
    #expect(seen.values == [0, 1])
    subject.send(2)
    #expect(seen.values == [0, 1, 2])
  }

  @Test func prefixUntilOutputFromEndsWhenTheOtherSendsAndNotWhenItEnds() {
    let subject = PassthroughSubject<Int, Never>()
    let stop = PassthroughSubject<Void, Never>()
    let seen = Seen(subject.prefix(untilOutputFrom: stop))
    subject.send(1)
    stop.send(completion: .finished)
    subject.send(2)
    #expect(seen.values == [1, 2])
    #expect(!seen.isFinished, "the other ending without a value stops nothing")

    let stopping = PassthroughSubject<Void, Never>()
    let other = PassthroughSubject<Int, Never>()
    let stopped = Seen(other.prefix(untilOutputFrom: stopping))
    other.send(1)
    stopping.send(())
    other.send(2)
    #expect(stopped.values == [1])
    #expect(stopped.isFinished)
  }

  @Test func prefixWhileEndsAtTheFirstValueThatFailsWithoutSendingIt() {
    let subject = PassthroughSubject<Int, Never>()
    let seen = Seen(subject.prefix(while: { $0 < 3 }))
    for value in [1, 2, 3, 1] { subject.send(value) }
    #expect(seen.values == [1, 2])
    #expect(seen.isFinished)
  }

  @Test func replaceErrorSendsTheValueAndFinishes() {
    let subject = PassthroughSubject<Int, TestError>()
    let seen = Seen(subject.replaceError(with: -1))
    subject.send(1)
    subject.send(completion: .failure(TestError(code: 1)))
    #expect(seen.values == [1, -1])
    #expect(seen.isFinished)
  }

  @Test func catchGoesOnWithTheFallback() {
    let subject = PassthroughSubject<Int, TestError>()
    let seen = Seen(subject.catch { _ in [8, 9].publisher })
    subject.send(1)
    subject.send(completion: .failure(TestError(code: 1)))
    #expect(seen.values == [1, 8, 9])
    #expect(seen.isFinished)
  }

  @Test func ignoreOutputPassesOnlyTheEnd() {
    let subject = PassthroughSubject<Int, TestError>()
    let seen = Seen(subject.ignoreOutput())
    subject.send(1)
    #expect(seen.values.isEmpty)
    subject.send(completion: .failure(TestError(code: 2)))
    #expect(seen.failure?.code == 2)
  }

  @Test func zipPairsInOrderAndEndsWhenOneSideEndsWithNothingWaiting() {
    let left = PassthroughSubject<Int, Never>()
    let right = PassthroughSubject<String, Never>()
    let seen = Seen(left.zip(right).map { "\($0)\($1)" })
    left.send(1)
    left.send(2)
    right.send("a")
    #expect(seen.values == ["1a"])
    right.send(completion: .finished)
    #expect(seen.isFinished, "the right side ended; nothing can pair with 2")
  }

  @Test func appendSendsTheSecondAfterTheFirstFinishes() {
    let first = PassthroughSubject<Int, Never>()
    let seen = Seen(first.append(9))
    first.send(1)
    #expect(seen.values == [1])
    first.send(completion: .finished)
    #expect(seen.values == [1, 9])
    #expect(seen.isFinished)
  }

  @Test func scanSendsEveryRunningResult() {
    let seen = Seen([1, 2, 3].publisher.scan(0, +))
    #expect(seen.values == [1, 3, 6])
  }

  @Test func shareSubscribesOnceAndALateSubscriberMissesWhatCameBefore() {
    var subscriptions = 0
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.handleEvents(receiveSubscription: { _ in subscriptions += 1 }).share()
    let early = Seen(shared)
    subject.send(1)
    let late = Seen(shared)
    subject.send(2)
    #expect(early.values == [1, 2])
    #expect(late.values == [2])
    #expect(subscriptions == 1)
  }

  @Test func deferredMakesItsPublisherForEachSubscriber() {
    var made = 0
    let deferred = Deferred { () -> Just<Int> in
      made += 1
      return Just(made)
    }
    #expect(made == 0)
    #expect(Seen(deferred).values == [1])
    #expect(Seen(deferred).values == [2])
  }

  @Test func handleEventsSeesEachEventBeforeTheSubscriber() {
    var log: [String] = []
    let subject = PassthroughSubject<Int, Never>()
    let watched = subject.handleEvents(
      receiveSubscription: { _ in log.append("subscribed") },
      receiveOutput: { log.append("value \($0)") },
      receiveCompletion: { _ in log.append("ended") },
      receiveCancel: { log.append("cancelled") },
      receiveRequest: { log.append("asked \($0)") })
    let seen = Seen(watched)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(seen.values == [1])
    #expect(log == ["subscribed", "asked unlimited", "value 1", "ended"])
  }

  @Test func debounceSendsTheLastValueAfterAQuietSpell() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let seen = Seen(subject.debounce(for: .seconds(1), scheduler: scheduler))
    subject.send(1)
    scheduler.advance(by: .milliseconds(500))
    subject.send(2)
    scheduler.advance(by: .milliseconds(900))
    #expect(seen.values.isEmpty)
    scheduler.advance(by: .milliseconds(100))
    #expect(seen.values == [2])
  }

  @Test func throttleSendsTheFirstValueAtOnceThenOneAnInterval() {
    for latest in [true, false] {
      let scheduler = DispatchQueue.test
      let subject = PassthroughSubject<Int, Never>()
      let seen = Seen(subject.throttle(for: .seconds(1), scheduler: scheduler, latest: latest))
      subject.send(1)
      scheduler.advance()
      #expect(seen.values == [1], "latest: \(latest)")
      subject.send(2)
      subject.send(3)
      scheduler.advance(by: .seconds(1))
      #expect(seen.values == [1, latest ? 3 : 2], "latest: \(latest)")
    }
  }

  @Test func delaySendsEachValueLaterInOrder() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let seen = Seen(subject.delay(for: .seconds(1), scheduler: scheduler))
    subject.send(1)
    scheduler.advance(by: .milliseconds(500))
    subject.send(2)
    #expect(seen.values.isEmpty)
    scheduler.advance(by: .milliseconds(500))
    #expect(seen.values == [1])
    scheduler.advance(by: .milliseconds(500))
    #expect(seen.values == [1, 2])
  }

  @Test func receiveOnDeliversOnTheScheduler() {
    let scheduler = DispatchQueue.test
    let subject = PassthroughSubject<Int, Never>()
    let seen = Seen(subject.receive(on: scheduler))
    subject.send(1)
    #expect(seen.values.isEmpty)
    scheduler.advance()
    #expect(seen.values == [1])
  }

  @Test func combineLatestWaitsForEverySideThenSendsEachChange() {
    let left = PassthroughSubject<Int, Never>()
    let right = PassthroughSubject<String, Never>()
    let seen = Seen(left.combineLatest(right).map { "\($0)\($1)" })
    left.send(1)
    left.send(2)
    #expect(seen.values.isEmpty)
    right.send("a")
    left.send(3)
    #expect(seen.values == ["2a", "3a"])
    left.send(completion: .finished)
    #expect(!seen.isFinished)
    right.send("b")
    right.send(completion: .finished)
    #expect(seen.values == ["2a", "3a", "3b"])
    #expect(seen.isFinished)
  }

  @Test func mergeManyEndsWhenEveryUpstreamHasEnded() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let seen = Seen(Publishers.MergeMany(a, b))
    a.send(1)
    b.send(2)
    a.send(completion: .finished)
    #expect(!seen.isFinished)
    b.send(completion: .finished)
    #expect(seen.values == [1, 2])
    #expect(seen.isFinished)
  }

  @Test func tryMapFailsWithTheThrownErrorAndStops() {
    let subject = PassthroughSubject<Int, Never>()
    let seen = Seen(
      subject.tryMap { value -> Int in
        if value == 2 { throw TestError(code: 2) }
        return value
      })
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(seen.values == [1])
    #expect((seen.failure as? TestError)?.code == 2)
  }
}
