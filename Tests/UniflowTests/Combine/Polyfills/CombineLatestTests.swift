import Testing
import Uniflow

// Written against Apple's documented behaviour of `combineLatest(_:)`.
@Suite struct CombineLatestTests {
  @Test func emitsOncebothUpstreamsHaveEmittedAndThenOnEveryValue() {
    let email = PassthroughSubject<String, Never>()
    let password = PassthroughSubject<String, Never>()
    var received: [String] = []
    let cancellable = email.combineLatest(password).sink { received.append("\($0)|\($1)") }
    email.send("a")
    #expect(received.isEmpty)
    password.send("1")
    email.send("ab")
    password.send("12")
    #expect(received == ["a|1", "ab|1", "ab|12"])
    cancellable.cancel()
  }

  @Test func theTransformFormMapsEachPair() {
    let a = CurrentValueSubject<Int, Never>(2)
    let b = CurrentValueSubject<Int, Never>(3)
    var received: [Int] = []
    let cancellable = a.combineLatest(b) { $0 * $1 }.sink { received.append($0) }
    a.send(4)
    #expect(received == [6, 12])
    cancellable.cancel()
  }

  @Test func finishesWhenBothUpstreamsFinish() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    var finished = false
    let cancellable = a.combineLatest(b).sink(
      receiveCompletion: { _ in finished = true }, receiveValue: { _ in })
    a.send(1)
    b.send(1)
    a.send(completion: .finished)
    #expect(!finished)
    b.send(completion: .finished)
    #expect(finished)
    cancellable.cancel()
  }

  @Test func failsWhenEitherUpstreamFails() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    var completion: Subscribers.Completion<TestError>?
    let cancellable = a.combineLatest(b).sink(
      receiveCompletion: { completion = $0 }, receiveValue: { _ in })
    b.send(completion: .failure(TestError(code: 9)))
    #expect(completion == .failure(TestError(code: 9)))
    cancellable.cancel()
  }

  @Test func withoutDemandOnlyTheNewestPairWaits() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let subscriber = ManualDemandSubscriber<(Int, Int), Never>()
    a.combineLatest(b).subscribe(subscriber)
    subscriber.request(.max(1))
    a.send(1)
    b.send(10)
    subscriber.request(.max(2))
    a.send(2)
    b.send(20)
    // The subscriber has no demand left; each upstream can still send one value.
    a.send(3)
    b.send(30)
    #expect(subscriber.received.map { [$0.0, $0.1] } == [[1, 10], [2, 10], [2, 20]])
    subscriber.request(.max(1))
    #expect(subscriber.received.map { [$0.0, $0.1] } == [[1, 10], [2, 10], [2, 20], [3, 30]])
  }
}
