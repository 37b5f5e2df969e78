import Testing
import Uniflow
import UniflowTesting

@Suite struct ShareReplayTests {
  @Test func aLateSubscriberGetsTheLastValuesThenTheLiveOnes() {
    let source = PassthroughSubject<Int, Never>()
    let subscriptions = Recorder<Void>()
    let shared = source.handleEvents(receiveSubscription: { _ in subscriptions.append(()) })
      .share(replay: 2)
    var early: [Int] = []
    var late: [Int] = []
    let first = shared.sink { early.append($0) }
    source.send(1)
    source.send(2)
    source.send(3)
    let second = shared.sink { late.append($0) }
    source.send(4)
    #expect(early == [1, 2, 3, 4])
    #expect(late == [2, 3, 4])
    #expect(subscriptions.count == 1)
    first.cancel()
    second.cancel()
  }

  @Test func whenTheLastSubscriberLeavesTheConnectionAndItsValuesEnd() {
    let source = PassthroughSubject<Int, Never>()
    let subscriptions = Recorder<Void>()
    let cancels = Recorder<Void>()
    let shared = source.handleEvents(
      receiveSubscription: { _ in subscriptions.append(()) },
      receiveCancel: { cancels.append(()) }
    ).share(replay: 1)
    var seen: [Int] = []
    shared.sink { seen.append($0) }.cancel()
    source.send(1)
    #expect(cancels.count == 1)
    let again = shared.sink { seen.append($0) }
    source.send(2)
    #expect(seen == [2])
    #expect(subscriptions.count == 2)
    again.cancel()
  }

  @Test func completionReachesEverySubscriberAndTheNextOneReconnects() {
    var runs = 0
    let shared = Deferred { () -> Just<Int> in
      runs += 1
      return Just(runs)
    }.share(replay: 1)
    var completions = 0
    var values: [Int] = []
    let first = shared.sink(receiveCompletion: { _ in completions += 1 }) { values.append($0) }
    let second = shared.sink(receiveCompletion: { _ in completions += 1 }) { values.append($0) }
    #expect(values == [1, 2])
    #expect(completions == 2)
    first.cancel()
    second.cancel()
  }

  @Test func aSubscriberWithBoundedDemandGetsTheRestWhenItAsks() {
    let source = PassthroughSubject<Int, Never>()
    let shared = source.share(replay: 1)
    let keepAlive = shared.sink { _ in }
    source.send(1)
    let subscriber = ManualDemandSubscriber<Int, Never>()
    shared.subscribe(subscriber)
    source.send(2)
    #expect(subscriber.received.isEmpty)
    subscriber.request(.max(1))
    #expect(subscriber.received == [1])
    subscriber.request(.unlimited)
    #expect(subscriber.received == [1, 2])
    subscriber.cancel()
    keepAlive.cancel()
  }
}
