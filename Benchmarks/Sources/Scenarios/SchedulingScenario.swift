import Uniflow

/// What an app pays for a hop that a tester could count, with no tester watching: values
/// sent on the main actor through `receive(on: MainScheduler.instance)`, which runs them at
/// once there. Uniflow's operator wraps the scheduler in a `TrackedScheduler` (one lock a
/// value, to learn that no tester watches); the baseline builds Combine's own
/// `Publishers.ReceiveOn` on the bare scheduler, with the same work otherwise.
@MainActor
public enum MainSchedulerHopScenario {
  /// Sends `count` values through Uniflow's `receive(on:)`; returns their sum.
  public static func runCounted(_ count: Int) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    return sum(count, through: subject, subject.receive(on: MainScheduler.instance))
  }

  /// Sends `count` values through Combine's `ReceiveOn` on the bare scheduler.
  public static func runBaseline(_ count: Int) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let received = Publishers.ReceiveOn(
      upstream: subject, scheduler: MainScheduler.instance, options: nil)
    return sum(count, through: subject, received)
  }

  private static func sum(
    _ count: Int, through subject: PassthroughSubject<Int, Never>,
    _ received: some Publisher<Int, Never>
  ) -> Int {
    let total = Total()
    let subscription = received.sink { total.value &+= $0 }
    for value in 0..<count { subject.send(value) }
    subscription.cancel()
    return total.value
  }
}

/// A running sum the sink adds to.
private final class Total {
  var value = 0
}
