#if !canImport(Combine)
  /// The subscription behind ``Publishers/CombineLatest``: it keeps the latest value of
  /// each upstream and queues the newest pair through a ``DemandQueue``.
  final class CombineLatestSubscription<First, Second, Downstream: Subscriber>: Subscription,
    @unchecked Sendable
  where Downstream.Input == (First, Second) {
    // Sendable because every mutable property is read and written with `lock` held. The
    // lock is recursive because a pair is queued with it held (so that pairs keep the
    // order in which their values arrived) and the subscriber may call back in.
    private let lock = Lock(recursive: true)
    fileprivate var first: First?
    fileprivate var second: Second?
    private var upstreams: [(any Subscription)?] = [nil, nil]
    private var finished = 0
    private var pendingDemand = Subscribers.Demand.none
    private var queue: DemandQueue<Downstream>!

    init(_ downstream: Downstream) {
      queue = DemandQueue(downstream) { [unowned self] more in self.requestUpstream(more) }
    }

    func firstSide() -> Side<First> { Side(parent: self, index: 0, latest: \.first) }

    func secondSide() -> Side<Second> { Side(parent: self, index: 1, latest: \.second) }

    func request(_ demand: Subscribers.Demand) {
      requestUpstream(demand)
      queue.request(demand)
    }

    func cancel() {
      queue.cancel()
      cancelUpstream()
    }

    private func requestUpstream(_ demand: Subscribers.Demand) {
      lock.lock()
      pendingDemand += demand
      let targets = upstreams.compactMap { $0 }
      lock.unlock()
      for upstream in targets {
        upstream.request(demand)
      }
    }

    private func cancelUpstream() {
      lock.lock()
      let targets = upstreams.compactMap { $0 }
      upstreams = [nil, nil]
      lock.unlock()
      for upstream in targets {
        upstream.cancel()
      }
    }

    fileprivate func receive(subscription: any Subscription, at index: Int) {
      lock.lock()
      guard upstreams[index] == nil, !queue.isTerminated else {
        lock.unlock()
        subscription.cancel()
        return
      }
      upstreams[index] = subscription
      let demand = pendingDemand
      lock.unlock()
      if demand > .none {
        subscription.request(demand)
      }
    }

    fileprivate func receive<Value>(
      _ value: Value, into latest: ReferenceWritableKeyPath<CombineLatestSubscription, Value?>
    ) {
      lock.lock()
      defer { lock.unlock() }
      self[keyPath: latest] = value
      if let first, let second {
        queue.send((first, second), replacingQueued: true)
      }
    }

    fileprivate func receive(completion: Subscribers.Completion<Downstream.Failure>, at index: Int)
    {
      switch completion {
      case .finished:
        lock.lock()
        upstreams[index] = nil
        finished += 1
        let allFinished = finished == 2
        lock.unlock()
        if allFinished {
          queue.complete(.finished)
        }
      case .failure:
        queue.complete(completion)
        cancelUpstream()
      }
    }

    /// The subscriber handed to one upstream.
    struct Side<Value>: Subscriber {
      typealias Input = Value
      typealias Failure = Downstream.Failure

      let parent: CombineLatestSubscription
      let index: Int
      let latest: ReferenceWritableKeyPath<CombineLatestSubscription, Value?>
      let combineIdentifier = CombineIdentifier()

      func receive(subscription: any Subscription) {
        parent.receive(subscription: subscription, at: index)
      }

      func receive(_ input: Value) -> Subscribers.Demand {
        parent.receive(input, into: latest)
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        parent.receive(completion: completion, at: index)
      }
    }
  }
#endif
