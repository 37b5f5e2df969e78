import Foundation
import Testing
import Uniflow

@MainActor
@Suite struct StateSubscriptionTests {
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
