/// The subscription behind ``Publishers/WithLatestFrom``.
///
/// The subscriber's demand goes to the upstream (slot 0); `other` (slot 1) is asked for
/// everything, and only its latest value is kept.
final class WithLatestFromSubscription<Value, Latest, Downstream: Subscriber>: FanInSubscription,
  @unchecked Sendable
{
  // Unchecked because the values and the selector need not be Sendable: the latest value
  // is reached only through its lock, and the rest never changes.
  private let latest = Locked<Latest?>(nil)
  let upstreams = UpstreamSubscriptions(count: 2, unlimited: [1])
  private let resultSelector: (Value, Latest) -> Downstream.Input
  let queue: DemandQueue<Downstream>

  init(_ downstream: Downstream, resultSelector: @escaping (Value, Latest) -> Downstream.Input) {
    self.resultSelector = resultSelector
    let upstreams = self.upstreams
    queue = DemandQueue(downstream) { more in upstreams.request(more) }
  }

  func upstreamSide() -> UpstreamSide { UpstreamSide(parent: self) }

  func otherSide() -> OtherSide { OtherSide(parent: self) }

  private func finish(_ completion: Subscribers.Completion<Downstream.Failure>) {
    queue.complete(completion)
    upstreams.cancelAll()
  }

  /// The subscriber handed to the upstream whose values trigger emissions.
  struct UpstreamSide: Subscriber {
    typealias Input = Value
    typealias Failure = Downstream.Failure

    let parent: WithLatestFromSubscription
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: any Subscription) {
      parent.upstreams.attach(subscription, at: 0)
    }

    func receive(_ input: Value) -> Subscribers.Demand {
      guard let latest = parent.latest.withLock({ $0 }) else {
        // Nothing to combine with yet: drop the value and give its demand back.
        return .max(1)
      }
      parent.queue.send(parent.resultSelector(input, latest))
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      parent.finish(completion)
    }
  }

  /// The subscriber handed to the publisher whose latest value is kept.
  struct OtherSide: Subscriber {
    typealias Input = Latest
    typealias Failure = Downstream.Failure

    let parent: WithLatestFromSubscription
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: any Subscription) {
      parent.upstreams.attach(subscription, at: 1)
    }

    func receive(_ input: Latest) -> Subscribers.Demand {
      parent.latest.withLock { $0 = input }
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      // The last value stays usable after `other` finishes; only a failure ends the
      // combination.
      if case .failure = completion {
        parent.finish(completion)
      }
    }
  }
}
