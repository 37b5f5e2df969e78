import Foundation
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

/// Sends from two threads at once into one `merge(with:)`: every value arrives once, each
/// thread's in the order it sent them, and the subscriber is never called while it is still
/// in a call (the queue between the upstreams and the subscriber decides that under its lock).
@Suite struct MergeFromTwoThreadsTests {
  /// Records what it receives, and whether two calls ever overlapped.
  final class Receiver: Subscriber, @unchecked Sendable {
    // Unchecked: `received` and `overlapped` are behind `state`'s lock, and `inside` is
    // an atomic counter.
    typealias Input = Int
    typealias Failure = Never

    struct Seen {
      var received: [Int] = []
      var overlapped = false
      var inside = 0
    }

    let state = Locked(Seen())

    func receive(subscription: any Subscription) { subscription.request(.unlimited) }

    func receive(_ input: Int) -> Subscribers.Demand {
      state.withLock {
        $0.inside += 1
        if $0.inside > 1 { $0.overlapped = true }
      }
      // Long enough for the other thread to arrive while this call runs.
      for _ in 0..<50 { _ = state.withLock { $0.inside } }
      state.withLock {
        $0.received.append(input)
        $0.inside -= 1
      }
      return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
  }

  @Test func everyValueArrivesOnceInItsThreadsOrderAndNeverInsideAnotherCall() {
    let evens = PassthroughSubject<Int, Never>()
    let odds = PassthroughSubject<Int, Never>()
    let receiver = Receiver()
    evens.merge(with: odds).subscribe(receiver)
    let count = 2_000
    // Each subject is sent to from one thread only; the merge is what is shared.
    nonisolated(unsafe) let subjects = [evens, odds]
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      let subject = subjects[thread]
      for index in 0..<count { subject.send(2 * index + thread) }
    }
    let seen = receiver.state.withLock { $0 }
    #expect(!seen.overlapped)
    #expect(seen.received.count == 2 * count)
    #expect(seen.received.filter { $0 % 2 == 0 } == (0..<count).map { 2 * $0 })
    #expect(seen.received.filter { $0 % 2 == 1 } == (0..<count).map { 2 * $0 + 1 })
  }
}
