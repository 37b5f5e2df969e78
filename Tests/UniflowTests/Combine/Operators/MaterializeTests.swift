import Testing
import Uniflow

@Suite struct MaterializeTests {
  struct Refused: Error, Equatable {}

  @Test func valuesThenTheCompletionBecomeEvents() {
    var events: [Event<Int, Refused>] = []
    var finished = false
    let subscription = [1, 2].publisher.setFailureType(to: Refused.self).materialize()
      .sink(receiveCompletion: { _ in finished = true }, receiveValue: { events.append($0) })
    #expect(events == [.next(1), .next(2), .completed])
    #expect(finished)
    subscription.cancel()
  }

  @Test func aFailureBecomesTheLastEventAndTheStreamFinishesWithoutFailing() {
    let source = PassthroughSubject<Int, Refused>()
    var events: [Event<Int, Refused>] = []
    var completion: Subscribers.Completion<Never>?
    let subscription = source.materialize()
      .sink(receiveCompletion: { completion = $0 }, receiveValue: { events.append($0) })
    source.send(1)
    source.send(completion: .failure(Refused()))
    // No `.completed` after the error: a failure ends the sequence, as in RxSwift.
    #expect(events == [.next(1), .error(Refused())])
    #expect(completion == .finished)
    subscription.cancel()
  }

  @Test func anEventSaysWhatItCarries() {
    let value = Event<Int, Refused>.next(3)
    let failure = Event<Int, Refused>.error(Refused())
    let end = Event<Int, Refused>.completed
    #expect(value.element == 3 && value.error == nil && !value.isStopEvent)
    #expect(failure.element == nil && failure.error == Refused() && failure.isStopEvent)
    #expect(end.element == nil && end.error == nil && end.isStopEvent)
  }
}
