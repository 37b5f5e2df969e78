import Foundation
import Testing
import Uniflow

@MainActor
@Suite struct StateSubscriptionTests {
  @Test func observersHearEachStateInTheOrderTheySubscribedAndCancellingOneKeepsTheOthers() {
    let reactor = CounterReactor()
    var heard: [String] = []
    var first: AnyCancellable? = reactor.state.sink { heard.append("a\($0.count)") }
    let second = reactor.state.sink { heard.append("b\($0.count)") }
    let third = reactor.state.sink { heard.append("c\($0.count)") }
    heard.removeAll()
    reactor.send(.increase)
    #expect(heard == ["a1", "b1", "c1"])

    first?.cancel()
    first = nil
    heard.removeAll()
    reactor.send(.increase)
    reactor.send(.increase)
    #expect(heard == ["b2", "c2", "b3", "c3"])
    _ = (second, third)
  }

  @Test func cancellingAnObserverInTheMiddleKeepsTheOrderOfTheOthers() {
    let reactor = CounterReactor()
    var heard: [String] = []
    let first = reactor.state.sink { heard.append("a\($0.count)") }
    let second = reactor.state.sink { heard.append("b\($0.count)") }
    let third = reactor.state.sink { heard.append("c\($0.count)") }
    second.cancel()
    heard.removeAll()
    // The first state after the cancel finds it and forgets it; the next is told to the
    // others, still in the order they subscribed.
    reactor.send(.increase)
    reactor.send(.increase)
    #expect(heard == ["a1", "c1", "a2", "c2"])
    _ = (first, third)
  }

  @Test func anObserverAddedWhileAStateIsToldHearsFromTheNextStateOn() {
    let reactor = CounterReactor()
    var heard: [String] = []
    var late: AnyCancellable?
    let early = reactor.state.sink { state in
      heard.append("early\(state.count)")
      if state.count == 1, late == nil {
        late = reactor.state.sink { heard.append("late\($0.count)") }
      }
    }
    heard.removeAll()
    reactor.send(.increase)
    // The late one hears the current state when it subscribes (as any new observer does),
    // but is not told the state that was being told when it came.
    #expect(heard == ["early1", "late1"])
    reactor.send(.increase)
    #expect(heard == ["early1", "late1", "early2", "late2"])
    _ = (early, late)
  }

  @Test func aBoundedDemandRequestedOffTheMainActorNeverDeliversAStaleState() async throws {
    let reactor = CounterReactor()
    let subscriber = ManualDemandSubscriber<Int, Never>()
    reactor.state.map(\.count).subscribe(subscriber)
    subscriber.request(.max(1))
    #expect(subscriber.received == [0])

    reactor.send(.increase)
    reactor.send(.increase)
    // Another thread asks for one more while the main actor is busy here…
    let requested = DispatchSemaphore(value: 0)
    Thread {
      subscriber.request(.max(1))
      requested.signal()
    }.start()
    requested.wait()
    // …and a newer state is sent before the request's hop to the main actor runs.
    reactor.send(.increase)
    try await Task.sleep(nanoseconds: 50_000_000)
    subscriber.request(.max(1))
    reactor.send(.increase)
    try await Task.sleep(nanoseconds: 50_000_000)

    #expect(subscriber.received == [0, 3, 4])
    subscriber.cancel()
  }
}
