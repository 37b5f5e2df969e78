import Foundation
import Uniflow

/// A subscriber that asks for values one at a time, only when the test says so.
final class ManualDemandSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  // Sendable because the recorded state is only touched with `lock` held.
  private let lock = Lock()
  private var subscription: (any Subscription)?
  private(set) var received: [Input] = []
  private(set) var completion: Subscribers.Completion<Failure>?

  func receive(subscription: any Subscription) {
    lock.withLock { self.subscription = subscription }
  }
  func receive(_ input: Input) -> Subscribers.Demand {
    lock.withLock { received.append(input) }
    return .none
  }
  func receive(completion: Subscribers.Completion<Failure>) {
    lock.withLock { self.completion = completion }
  }
  func request(_ demand: Subscribers.Demand) {
    lock.withLock { subscription }?.request(demand)
  }
  func cancel() { lock.withLock { subscription }?.cancel() }
}

struct TestError: Error, Equatable {
  var code = 1
}
