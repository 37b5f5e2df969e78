import Testing
import Uniflow

/// What a subscriber saw: the values, and whether and how the publisher ended.
final class Seen<Value, Failure: Error> {
  var values: [Value] = []
  var completion: Subscribers.Completion<Failure>?
  var cancellable: AnyCancellable?

  init<Upstream: Publisher>(_ upstream: Upstream)
  where Upstream.Output == Value, Upstream.Failure == Failure {
    cancellable = upstream.sink(
      receiveCompletion: { [unowned self] in completion = $0 },
      receiveValue: { [unowned self] in values.append($0) })
  }

  var isFinished: Bool {
    if case .finished = completion { return true }
    return false
  }

  /// What it failed with; `nil` when it finished or goes on.
  var failure: Failure? {
    if case .failure(let failure) = completion { return failure }
    return nil
  }
}

// The operators migrate maps RxSwift's onto, as Apple's Combine behaves: each finishes as
// soon as it has sent what it may, without waiting for one more value (which, from a
// subject a test drives, may never come). OpenCombine 0.14's `prefix(_:)`, `output(at:)`
// and `output(in:)` waited for it; on Linux, Uniflow builds OpenCombine from its patched
// copy (Vendor/README.md), so they behave the same whatever the publisher's failure type,
// and in code generic over the publisher.
@Suite struct LimitingOperatorTests {
  /// A failure type of an app's own, as most apps' publishers have.
  enum APIError: Error, Equatable { case offline }

  /// `prefix(2)` where the publisher's type is only known to be a publisher.
  static func firstTwo<Upstream: Publisher>(_ upstream: Upstream) -> Seen<
    Upstream.Output, Upstream.Failure
  > {
    Seen(upstream.prefix(2))
  }

  @Test func prefixInCodeGenericOverThePublisherFinishesWithItsLastValue() {
    let subject = PassthroughSubject<String, APIError>()
    let seen = Self.firstTwo(subject)
    subject.send("a")
    subject.send("b")
    #expect(seen.values == ["a", "b"])
    #expect(seen.isFinished)

    let never = PassthroughSubject<Int, Never>()
    let seenNever = Self.firstTwo(never.eraseToAnyPublisher())
    never.send(1)
    never.send(2)
    #expect(seenNever.isFinished)
  }

  @Test func outputAtAndInFinishWithTheirLastValueWhateverTheFailureType() {
    let subject = PassthroughSubject<Int, APIError>()
    let at = Seen(subject.output(at: 1))
    let within = Seen(subject.output(in: 0...2))
    for value in [10, 11, 12] { subject.send(value) }
    #expect(at.values == [11])
    #expect(at.isFinished)
    #expect(within.values == [10, 11, 12])
    #expect(within.isFinished)
  }

  @Test func prefixOfAnOwnFailureTypePassesOnTheFailure() {
    let subject = PassthroughSubject<Int, APIError>()
    let seen = Seen(subject.prefix(3))
    subject.send(1)
    subject.send(completion: .failure(.offline))
    #expect(seen.values == [1])
    #expect(seen.failure == .offline)
  }

  @Test func prefixFinishesWithItsLastValue() {
    let never = PassthroughSubject<Int, Never>()
    let ownFailure = PassthroughSubject<Int, APIError>()
    let seenNever = Seen(never.prefix(2))
    let seenOwnFailure = Seen(ownFailure.prefix(2))
    never.send(1)
    ownFailure.send(1)
    #expect(!seenNever.isFinished && !seenOwnFailure.isFinished)
    never.send(2)
    ownFailure.send(2)
    #expect(seenNever.values == [1, 2] && seenOwnFailure.values == [1, 2])
    #expect(seenNever.isFinished && seenOwnFailure.isFinished)
  }

  @Test func prefixOfAFailingPublisherFinishesWithItsLastValueToo() {
    let subject = PassthroughSubject<Int, any Error>()
    let seen = Seen(subject.prefix(1))
    subject.send(7)
    #expect(seen.values == [7])
    #expect(seen.isFinished)
  }

  @Test func prefixStopsListeningOnceItHasFinished() {
    let subject = PassthroughSubject<Int, Never>()
    var subscriptions = 0
    var cancels = 0
    let watched = subject.handleEvents(
      receiveSubscription: { _ in subscriptions += 1 }, receiveCancel: { cancels += 1 })
    let seen = Seen(watched.prefix(1))
    subject.send(1)
    subject.send(2)
    #expect(seen.values == [1])
    #expect(subscriptions == 1)
    #expect(cancels == 1)
  }

  @Test func prefixOfZeroFinishesAtOnceWithoutSubscribing() {
    var subscriptions = 0
    let upstream = PassthroughSubject<Int, Never>()
      .handleEvents(receiveSubscription: { _ in subscriptions += 1 })
    let seen = Seen(upstream.prefix(0))
    #expect(seen.values.isEmpty)
    #expect(seen.isFinished)
    #expect(subscriptions == 0)
  }

  @Test func prefixPassesOnAnEarlierEndAndAFailure() {
    let short = PassthroughSubject<Int, any Error>()
    let ended = Seen(short.prefix(3))
    short.send(1)
    short.send(completion: .finished)
    #expect(ended.values == [1])
    #expect(ended.isFinished)

    let failing = PassthroughSubject<Int, any Error>()
    let failed = Seen(failing.prefix(3))
    failing.send(completion: .failure(TestError(code: 4)))
    #expect((failed.failure as? TestError)?.code == 4)
  }

  @Test func prefixNeverSendsMoreThanTheSubscriberAskedFor() {
    let subject = PassthroughSubject<Int, Never>()
    let subscriber = ManualDemandSubscriber<Int, Never>()
    subject.prefix(3).subscribe(subscriber)
    subject.send(1)
    #expect(subscriber.received.isEmpty)
    subscriber.request(.max(2))
    subject.send(2)
    subject.send(3)
    subject.send(4)
    #expect(subscriber.received == [2, 3])
    #expect(subscriber.completion == nil)
    subscriber.request(.max(1))
    subject.send(5)
    #expect(subscriber.received == [2, 3, 5])
    #expect(subscriber.completion == .finished)
  }

  @Test func outputAtFinishesWithTheValueAtItsIndex() {
    let subject = PassthroughSubject<String, Never>()
    let seen = Seen(subject.output(at: 1))
    subject.send("a")
    #expect(seen.values.isEmpty)
    subject.send("b")
    #expect(seen.values == ["b"])
    #expect(seen.isFinished)
  }

  @Test func outputInFinishesWithTheLastValueOfItsRange() {
    let subject = PassthroughSubject<Int, any Error>()
    let seen = Seen(subject.output(in: 1..<3))
    for value in [10, 11, 12] { subject.send(value) }
    #expect(seen.values == [11, 12])
    #expect(seen.isFinished)
  }

  @Test func firstFinishesWithTheFirstValue() {
    let subject = PassthroughSubject<Int, Never>()
    let seen = Seen(subject.first())
    subject.send(3)
    #expect(seen.values == [3])
    #expect(seen.isFinished)
  }

  @Test func dropFirstPassesEverythingAfterTheDroppedAndTheEnd() {
    let subject = PassthroughSubject<Int, Never>()
    let seen = Seen(subject.dropFirst(2))
    for value in 1...4 { subject.send(value) }
    #expect(seen.values == [3, 4])
    #expect(!seen.isFinished)
    subject.send(completion: .finished)
    #expect(seen.isFinished)
  }

  @Test func collectSendsOneArrayWhenTheUpstreamEnds() {
    let subject = PassthroughSubject<Int, Never>()
    let seen = Seen(subject.collect())
    subject.send(1)
    subject.send(2)
    #expect(seen.values.isEmpty)
    subject.send(completion: .finished)
    #expect(seen.values == [[1, 2]])
    #expect(seen.isFinished)
  }
}
