/// The subscription behind ``Publishers/WithLatestFrom``.
///
/// The subscriber's demand goes to the upstream; `other` is asked for everything, and only
/// its latest value is kept.
final class WithLatestFromSubscription<Value, Latest, Downstream: Subscriber>: Subscription,
  @unchecked Sendable
{
  // Sendable because every mutable property is read and written with `lock` held.
  private let lock = Lock()
  private var latest: Latest?
  private var upstream: (any Subscription)?
  private var otherSubscription: (any Subscription)?
  private var pendingDemand = Subscribers.Demand.none
  private let resultSelector: (Value, Latest) -> Downstream.Input
  private var queue: DemandQueue<Downstream>!

  init(_ downstream: Downstream, resultSelector: @escaping (Value, Latest) -> Downstream.Input) {
    self.resultSelector = resultSelector
    queue = DemandQueue(downstream) { [unowned self] more in self.requestUpstream(more) }
  }

  func upstreamSide() -> UpstreamSide { UpstreamSide(parent: self) }

  func otherSide() -> OtherSide { OtherSide(parent: self) }

  func request(_ demand: Subscribers.Demand) {
    requestUpstream(demand)
    queue.request(demand)
  }

  func cancel() {
    queue.cancel()
    cancelAll()
  }

  private func requestUpstream(_ demand: Subscribers.Demand) {
    lock.lock()
    pendingDemand += demand
    let target = upstream
    lock.unlock()
    target?.request(demand)
  }

  private func cancelAll() {
    lock.lock()
    let targets = [upstream, otherSubscription]
    upstream = nil
    otherSubscription = nil
    lock.unlock()
    for target in targets {
      target?.cancel()
    }
  }

  private func finish(_ completion: Subscribers.Completion<Downstream.Failure>) {
    queue.complete(completion)
    cancelAll()
  }

  /// The subscriber handed to the upstream whose values trigger emissions.
  struct UpstreamSide: Subscriber {
    typealias Input = Value
    typealias Failure = Downstream.Failure

    let parent: WithLatestFromSubscription
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: any Subscription) {
      parent.lock.lock()
      guard parent.upstream == nil, !parent.queue.isTerminated else {
        parent.lock.unlock()
        subscription.cancel()
        return
      }
      parent.upstream = subscription
      let demand = parent.pendingDemand
      parent.lock.unlock()
      if demand > .none {
        subscription.request(demand)
      }
    }

    func receive(_ input: Value) -> Subscribers.Demand {
      parent.lock.lock()
      let latest = parent.latest
      parent.lock.unlock()
      guard let latest else {
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
      parent.lock.lock()
      guard parent.otherSubscription == nil, !parent.queue.isTerminated else {
        parent.lock.unlock()
        subscription.cancel()
        return
      }
      parent.otherSubscription = subscription
      parent.lock.unlock()
      subscription.request(.unlimited)
    }

    func receive(_ input: Latest) -> Subscribers.Demand {
      parent.lock.lock()
      parent.latest = input
      parent.lock.unlock()
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
