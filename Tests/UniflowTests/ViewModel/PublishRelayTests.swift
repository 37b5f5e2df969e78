import Dispatch
import Testing
import Uniflow

@Suite struct PublishRelayTests {
  @Test func deliversValuesInTheOrderTheyWereAccepted() {
    let relay = PublishRelay<Int>()
    var received: [Int] = []
    let cancellable = relay.sink { received.append($0) }
    for value in 1...5 { relay.accept(value) }
    #expect(received == [1, 2, 3, 4, 5])
    cancellable.cancel()
  }

  @Test func aLateSubscriberSeesOnlyLaterValues() {
    let relay = PublishRelay<Int>()
    relay.accept(1)
    var received: [Int] = []
    let cancellable = relay.sink { received.append($0) }
    relay.accept(2)
    #expect(received == [2])
    cancellable.cancel()
  }

  @Test func everySubscriberGetsEveryValue() {
    let relay = PublishRelay<String>()
    var first: [String] = []
    var second: [String] = []
    let a = relay.sink { first.append($0) }
    let b = relay.sink { second.append($0) }
    relay.accept("x")
    relay.accept("y")
    #expect(first == ["x", "y"])
    #expect(second == ["x", "y"])
    _ = (a, b)
  }

  @Test func aCancelledSubscriptionReceivesNothingMore() {
    let relay = PublishRelay<Int>()
    var received: [Int] = []
    let cancellable = relay.sink { received.append($0) }
    relay.accept(1)
    cancellable.cancel()
    relay.accept(2)
    #expect(received == [1])
  }

  @Test func manySubscribersKeepTheirOrderWhenSomeInTheMiddleAreCancelled() {
    let relay = PublishRelay<Int>()
    var log: [String] = []
    var cancellables: [AnyCancellable] = []
    for name in ["a", "b", "c", "d", "e"] {
      cancellables.append(relay.sink { log.append("\(name)\($0)") })
    }
    // A Combine subscriber among the sinks, cancelled with the others.
    let subscriber = ManualDemandSubscriber<Int, Never>()
    relay.subscribe(subscriber)
    subscriber.request(.unlimited)
    relay.accept(1)
    cancellables[0].cancel()
    cancellables[2].cancel()
    subscriber.cancel()
    relay.accept(2)
    relay.accept(3)
    #expect(log == ["a1", "b1", "c1", "d1", "e1", "b2", "d2", "e2", "b3", "d3", "e3"])
    #expect(subscriber.received == [1])
    #expect(relay.openSubscriptionCount == 3)
  }

  @Test func aSubscriberCancelledByAnEarlierOneDuringADeliveryMissesThatValue() {
    let relay = PublishRelay<Int>()
    var log: [String] = []
    var later: AnyCancellable?
    let first = relay.sink { value in
      log.append("first\(value)")
      if value == 1 { later?.cancel() }
    }
    later = relay.sink { log.append("later\($0)") }
    let last = relay.sink { log.append("last\($0)") }
    relay.accept(1)
    relay.accept(2)
    #expect(log == ["first1", "last1", "first2", "last2"])
    _ = (first, last)
  }

  @Test func aSubscriberWithoutDemandMissesValuesAndGetsOnlyWhatItAsksFor() {
    let relay = PublishRelay<Int>()
    let subscriber = ManualDemandSubscriber<Int, Never>()
    relay.subscribe(subscriber)
    relay.accept(1)
    subscriber.request(.max(2))
    relay.accept(2)
    relay.accept(3)
    relay.accept(4)
    #expect(subscriber.received == [2, 3])
  }

  @Test func aSubscriberCanAcceptIntoTheSameRelayWhileReceiving() {
    let relay = PublishRelay<Int>()
    var received: [Int] = []
    let cancellable = relay.sink { value in
      received.append(value)
      if value < 3 { relay.accept(value + 1) }
    }
    relay.accept(1)
    #expect(received == [1, 2, 3])
    cancellable.cancel()
  }

  @Test func eightThreadsAcceptingTenThousandEachDeliverEveryValueExactlyOnce() async {
    let relay = PublishRelay<Int>()
    // A plain counter: the relay must not call the subscriber concurrently.
    nonisolated(unsafe) var count = 0
    nonisolated(unsafe) var sum = 0
    let cancellable = relay.sink { value in
      count += 1
      sum += value
    }
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<10_000 {
        relay.accept(thread * 10_000 + index)
      }
    }
    #expect(count == 80_000)
    #expect(sum == (0..<80_000).reduce(0, +))
    cancellable.cancel()
  }

  @Test func aReleasedRelayAndItsSubscriberAreFreed() {
    weak var weakRelay: PublishRelay<Int>?
    weak var weakSubscriber: ManualDemandSubscriber<Int, Never>?
    do {
      let relay = PublishRelay<Int>()
      let subscriber = ManualDemandSubscriber<Int, Never>()
      relay.subscribe(subscriber)
      subscriber.request(.unlimited)
      relay.accept(1)
      weakRelay = relay
      weakSubscriber = subscriber
      subscriber.cancel()
    }
    #expect(weakRelay == nil)
    #expect(weakSubscriber == nil)
  }

  @Test func aRelayIsFreedWhileASubscriptionToItIsStillOpen() {
    weak var weakRelay: PublishRelay<Int>?
    var cancellable: AnyCancellable?
    do {
      let relay = PublishRelay<Int>()
      cancellable = relay.sink { _ in }
      weakRelay = relay
    }
    #expect(weakRelay == nil)
    cancellable?.cancel()
  }
}
