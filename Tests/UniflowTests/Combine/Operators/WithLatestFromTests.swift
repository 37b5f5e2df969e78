import Testing
import Uniflow

@Suite struct WithLatestFromTests {
  @Test func emitsTheLatestOtherValueForEachUpstreamValue() {
    let taps = PassthroughSubject<Void, Never>()
    let text = PassthroughSubject<String, Never>()
    var received: [String] = []
    let cancellable = taps.withLatestFrom(text).sink { received.append($0) }
    taps.send(())
    text.send("a")
    text.send("ab")
    taps.send(())
    taps.send(())
    text.send("abc")
    #expect(received == ["ab", "ab"])
    cancellable.cancel()
  }

  @Test func theResultSelectorSeesBothValues() {
    let upstream = PassthroughSubject<Int, Never>()
    let other = CurrentValueSubject<Int, Never>(100)
    var received: [Int] = []
    let cancellable = upstream.withLatestFrom(other) { $0 + $1 }.sink { received.append($0) }
    upstream.send(1)
    other.send(200)
    upstream.send(2)
    #expect(received == [101, 202])
    cancellable.cancel()
  }

  @Test func finishesWithTheUpstreamNotWithTheOther() {
    let upstream = PassthroughSubject<Int, Never>()
    let other = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var finished = false
    let cancellable = upstream.withLatestFrom(other).sink(
      receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
    other.send(5)
    other.send(completion: .finished)
    #expect(!finished)
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(received == [5])
    #expect(finished)
    cancellable.cancel()
  }

  @Test func failsWhenTheOtherFails() {
    let upstream = PassthroughSubject<Int, TestError>()
    let other = PassthroughSubject<Int, TestError>()
    var completion: Subscribers.Completion<TestError>?
    let cancellable = upstream.withLatestFrom(other).sink(
      receiveCompletion: { completion = $0 }, receiveValue: { _ in })
    other.send(completion: .failure(TestError(code: 3)))
    #expect(completion == .failure(TestError(code: 3)))
    cancellable.cancel()
  }

  @Test func aDroppedValueDoesNotUseUpTheSubscribersDemand() {
    let upstream = PassthroughSubject<Int, Never>()
    let other = PassthroughSubject<String, Never>()
    let subscriber = ManualDemandSubscriber<String, Never>()
    upstream.withLatestFrom(other).subscribe(subscriber)
    subscriber.request(.max(1))
    upstream.send(1)
    other.send("x")
    upstream.send(2)
    upstream.send(3)
    #expect(subscriber.received == ["x"])
  }
}
