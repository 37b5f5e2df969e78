#if !canImport(Combine)
  /// The subscription behind ``Publishers/Merge`` and ``Publishers/MergeMany``: it
  /// subscribes to every upstream, passes the subscriber's demand to each of them, and
  /// delivers their values in arrival order through a ``DemandQueue``.
  final class MergeSubscription<Downstream: Subscriber>: FanInSubscription, Sendable {
    let upstreams: UpstreamSubscriptions
    let queue: DemandQueue<Downstream>

    init(downstream: Downstream, upstreamCount: Int) {
      let upstreams = UpstreamSubscriptions(count: upstreamCount)
      self.upstreams = upstreams
      queue = DemandQueue(downstream) { more in upstreams.request(more) }
    }

    func side(_ index: Int) -> Side { Side(parent: self, index: index) }

    /// The subscriber handed to one upstream.
    struct Side: Subscriber {
      typealias Input = Downstream.Input
      typealias Failure = Downstream.Failure

      let parent: MergeSubscription
      let index: Int
      let combineIdentifier = CombineIdentifier()

      func receive(subscription: any Subscription) {
        parent.upstreams.attach(subscription, at: index)
      }

      func receive(_ input: Input) -> Subscribers.Demand {
        parent.queue.send(input)
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        parent.upstreams.complete(completion, at: index, into: parent.queue)
      }
    }
  }
#endif
