#if !canImport(Combine)
  /// The subscription behind ``Publishers/Merge`` and ``Publishers/MergeMany``: it
  /// subscribes to every upstream, passes the subscriber's demand to each of them, and
  /// delivers their values in arrival order through a ``DemandQueue``.
  final class MergeSubscription<Downstream: Subscriber>: Subscription, @unchecked Sendable {
    // Sendable because `upstreams` and `finished` are read and written with `lock` held.
    private let lock = Lock()
    private var upstreams: [(any Subscription)?]
    private var finished = 0
    private var pendingDemand = Subscribers.Demand.none
    private var queue: DemandQueue<Downstream>!

    init(downstream: Downstream, upstreamCount: Int) {
      upstreams = Array(repeating: nil, count: upstreamCount)
      queue = DemandQueue(downstream) { [unowned self] more in self.requestUpstream(more) }
    }

    func side(_ index: Int) -> Side { Side(parent: self, index: index) }

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
      upstreams = upstreams.map { _ in nil }
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

    fileprivate func receive(completion: Subscribers.Completion<Downstream.Failure>, at index: Int)
    {
      switch completion {
      case .finished:
        lock.lock()
        upstreams[index] = nil
        finished += 1
        let allFinished = finished == upstreams.count
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
    struct Side: Subscriber {
      typealias Input = Downstream.Input
      typealias Failure = Downstream.Failure

      let parent: MergeSubscription
      let index: Int
      let combineIdentifier = CombineIdentifier()

      func receive(subscription: any Subscription) {
        parent.receive(subscription: subscription, at: index)
      }

      func receive(_ input: Input) -> Subscribers.Demand {
        parent.queue.send(input)
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        parent.receive(completion: completion, at: index)
      }
    }
  }
#endif
