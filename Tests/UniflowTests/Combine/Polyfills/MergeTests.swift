import Testing
import Uniflow

// Written against Apple's documented behaviour of `merge(with:)` and
// `Publishers.MergeMany`, so that the same tests pass on Apple's Combine.
@Suite struct MergeTests {
  @Test func emitsTheValuesOfBothUpstreamsInArrivalOrder() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let cancellable = a.merge(with: b).sink { received.append($0) }
    a.send(1)
    b.send(2)
    a.send(3)
    #expect(received == [1, 2, 3])
    cancellable.cancel()
  }

  @Test func finishesOnlyWhenEveryUpstreamHasFinished() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    var finished = false
    let cancellable = a.merge(with: b).sink(
      receiveCompletion: { _ in finished = true }, receiveValue: { _ in })
    a.send(completion: .finished)
    #expect(!finished)
    b.send(completion: .finished)
    #expect(finished)
    cancellable.cancel()
  }

  @Test func failsAsSoonAsOneUpstreamFailsAndIgnoresTheRest() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    var received: [Int] = []
    var completion: Subscribers.Completion<TestError>?
    let cancellable = a.merge(with: b).sink(
      receiveCompletion: { completion = $0 }, receiveValue: { received.append($0) })
    a.send(1)
    b.send(completion: .failure(TestError(code: 2)))
    a.send(3)
    #expect(received == [1])
    #expect(completion == .failure(TestError(code: 2)))
    cancellable.cancel()
  }

  @Test func neverDeliversMoreThanTheSubscriberAskedFor() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let subscriber = ManualDemandSubscriber<Int, Never>()
    a.merge(with: b).subscribe(subscriber)
    subscriber.request(.max(1))
    a.send(1)
    b.send(2)
    #expect(subscriber.received == [1])
    subscriber.request(.max(1))
    #expect(subscriber.received.count == 2)
  }

  @Test func mergesSynchronousPublishers() {
    var received: [Int] = []
    var finished = false
    let cancellable = Just(1).merge(with: [2, 3].publisher).sink(
      receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
    #expect(received == [1, 2, 3])
    #expect(finished)
    cancellable.cancel()
  }

  @Test func mergeManyMergesASequenceOfPublishers() {
    let relays = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
    var received: [Int] = []
    let cancellable = Publishers.MergeMany(relays).sink { received.append($0) }
    relays[2].send(2)
    relays[0].send(0)
    relays[1].send(1)
    #expect(received == [2, 0, 1])
    cancellable.cancel()
  }

  @Test func mergeManyOfVariadicUpstreamsFinishesWhenAllDo() {
    var received: [Int] = []
    var finished = false
    let cancellable = Publishers.MergeMany(Just(1), Just(2)).sink(
      receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
    #expect(received == [1, 2])
    #expect(finished)
    cancellable.cancel()
  }

  @Test func cancellingStopsDeliveryAndCancelsTheUpstreams() {
    let a = PassthroughSubject<Int, Never>()
    var cancelledUpstreams = 0
    var received: [Int] = []
    let cancellable = a.handleEvents(receiveCancel: { cancelledUpstreams += 1 })
      .merge(with: a.handleEvents(receiveCancel: { cancelledUpstreams += 1 }))
      .sink { received.append($0) }
    a.send(1)
    cancellable.cancel()
    a.send(2)
    #expect(received == [1, 1])
    #expect(cancelledUpstreams == 2)
  }
}
