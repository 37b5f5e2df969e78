#if !canImport(Combine)
  /// The subscription behind ``Publishers/CombineLatest``: it keeps the latest value of
  /// each upstream and queues the newest pair through a ``DemandQueue``.
  final class CombineLatestSubscription<First, Second, Downstream: Subscriber>: FanInSubscription,
    @unchecked Sendable
  where Downstream.Input == (First, Second) {
    // Sendable because `first` and `second` are read and written with `lock` held. The
    // lock is recursive because a pair is queued with it held (so that pairs keep the
    // order in which their values arrived) and the subscriber may call back in.
    private let lock = Lock(recursive: true)
    fileprivate var first: First?
    fileprivate var second: Second?
    let upstreams = UpstreamSubscriptions(count: 2)
    let queue: DemandQueue<Downstream>

    init(_ downstream: Downstream) {
      let upstreams = self.upstreams
      queue = DemandQueue(downstream) { more in upstreams.request(more) }
    }

    func firstSide() -> Side<First> { Side(parent: self, index: 0, latest: \.first) }

    func secondSide() -> Side<Second> { Side(parent: self, index: 1, latest: \.second) }

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

    /// The subscriber handed to one upstream.
    struct Side<Value>: Subscriber {
      typealias Input = Value
      typealias Failure = Downstream.Failure

      let parent: CombineLatestSubscription
      let index: Int
      let latest: ReferenceWritableKeyPath<CombineLatestSubscription, Value?>
      let combineIdentifier = CombineIdentifier()

      func receive(subscription: any Subscription) {
        parent.upstreams.attach(subscription, at: index)
      }

      func receive(_ input: Value) -> Subscribers.Demand {
        parent.receive(input, into: latest)
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        parent.upstreams.complete(completion, at: index, into: parent.queue)
      }
    }
  }
#endif
