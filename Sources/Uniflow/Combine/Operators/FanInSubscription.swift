/// A subscription that reads several upstreams and delivers to one subscriber through a
/// ``DemandQueue`` (merge, combineLatest, withLatestFrom).
///
/// Conforming gives the one way such a subscription answers its subscriber: demand goes
/// to the upstreams and to the queue; a cancel stops the queue first (so nothing more is
/// delivered) and then the upstreams.
///
/// ```swift
/// final class PairSubscription<Downstream: Subscriber>: FanInSubscription {
///   let upstreams = UpstreamSubscriptions(count: 2)
///   let queue: DemandQueue<Downstream>
///   init(_ downstream: Downstream) {
///     let upstreams = self.upstreams
///     queue = DemandQueue(downstream) { more in upstreams.request(more) }
///   }
/// }
/// ```
protocol FanInSubscription: Subscription {
  associatedtype Downstream: Subscriber
  /// One slot per upstream.
  var upstreams: UpstreamSubscriptions { get }
  /// What waits for the subscriber's demand.
  var queue: DemandQueue<Downstream> { get }
}

extension FanInSubscription {
  /// Passes the subscriber's demand to the upstreams and lets the queue deliver against it.
  func request(_ demand: Subscribers.Demand) {
    upstreams.request(demand)
    queue.request(demand)
  }

  /// Stops delivery, then cancels every upstream.
  func cancel() {
    queue.cancel()
    upstreams.cancelAll()
  }
}
