import Dispatch
import Testing
import Uniflow

@Suite struct BehaviorRelayTests {
  @Test func replaysTheCurrentValueToANewSubscriber() {
    let relay = BehaviorRelay(value: 1)
    relay.accept(2)
    var received: [Int] = []
    let cancellable = relay.sink { received.append($0) }
    relay.accept(3)
    #expect(received == [2, 3])
    #expect(relay.value == 3)
    cancellable.cancel()
  }

  @Test func replaysANilCurrentValue() {
    let relay = BehaviorRelay<Int?>(value: nil)
    var received: [Int?] = []
    let cancellable = relay.sink { received.append($0) }
    relay.accept(1)
    #expect(received == [nil, 1])
    cancellable.cancel()
  }

  @Test func aSubscriberWithoutDemandGetsTheLatestValueWhenItAsks() {
    let relay = BehaviorRelay(value: 0)
    let subscriber = ManualDemandSubscriber<Int, Never>()
    relay.subscribe(subscriber)
    relay.accept(1)
    relay.accept(2)
    #expect(subscriber.received.isEmpty)
    subscriber.request(.max(1))
    #expect(subscriber.received == [2])
    relay.accept(3)
    #expect(subscriber.received == [2])
  }

  @Test func aCancelledSubscriptionReceivesNothingMore() {
    let relay = BehaviorRelay(value: 0)
    var received: [Int] = []
    let cancellable = relay.sink { received.append($0) }
    cancellable.cancel()
    relay.accept(1)
    #expect(received == [0])
  }

  @Test func concurrentAcceptsAreAllDeliveredAndTheLastOneIsKept() {
    let relay = BehaviorRelay(value: -1)
    nonisolated(unsafe) var count = 0
    let cancellable = relay.sink { _ in count += 1 }
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<10_000 {
        relay.accept(thread * 10_000 + index)
      }
    }
    #expect(count == 80_001)
    #expect(relay.value >= 0)
    cancellable.cancel()
  }

  @Test func aReleasedRelayIsFreed() {
    weak var weakRelay: BehaviorRelay<[Int]>?
    var cancellable: AnyCancellable?
    do {
      let relay = BehaviorRelay(value: [1])
      cancellable = relay.sink { _ in }
      weakRelay = relay
    }
    #expect(weakRelay == nil)
    cancellable?.cancel()
  }
}
