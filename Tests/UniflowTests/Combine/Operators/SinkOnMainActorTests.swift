import Foundation
import Testing
import UniflowTesting
import Uniflow

@MainActor
@Suite struct SinkOnMainActorTests {
  @Test func aValueSentOnTheMainActorIsHandledBeforeSendReturns() {
    let relay = PublishRelay<Int>()
    var seen: [Int] = []
    let cancellable = relay.sinkOnMainActor { seen.append($0) }
    relay.accept(1)
    #expect(seen == [1])
    cancellable.cancel()
  }

  @Test func valuesFromAnotherThreadArriveOnTheMainActorInTheirOrder() async {
    let relay = PublishRelay<Int>()
    var seen: [Int] = []
    let cancellable = relay.sinkOnMainActor { seen.append($0) }
    let sent = DispatchSemaphore(value: 0)
    Thread {
      for value in 0..<2_000 { relay.accept(value) }
      sent.signal()
    }.start()
    await Task.detached { sent.wait() }.value
    await eventually { seen.count == 2_000 }
    #expect(seen == Array(0..<2_000))
    cancellable.cancel()
  }
}
