/// The upstream subscriptions of an operator that subscribes to several publishers
/// (merge, combineLatest, withLatestFrom), one slot per upstream.
///
/// Demand from the subscriber is passed to every slot that follows demand, including to
/// upstreams that subscribe later; the other slots are asked for everything once. A
/// subscription that arrives for a taken slot or after ``cancelAll()`` is cancelled.
final class UpstreamSubscriptions: @unchecked Sendable {
  // Sendable because every mutable property is read and written with `lock` held.
  private let lock = Lock()
  private var slots: [(any Subscription)?]
  private var finishedCount = 0
  private var demandSoFar = Subscribers.Demand.none
  private var isCancelled = false
  private let unlimitedSlots: Set<Int>

  /// Creates `count` empty slots; those in `unlimited` ask their upstream for everything.
  init(count: Int, unlimited: Set<Int> = []) {
    slots = Array(repeating: nil, count: count)
    unlimitedSlots = unlimited
  }

  /// Stores the subscription of the upstream in slot `index` and asks it for the demand
  /// passed on so far.
  func attach(_ subscription: any Subscription, at index: Int) {
    lock.lock()
    guard slots[index] == nil, !isCancelled else {
      lock.unlock()
      subscription.cancel()
      return
    }
    slots[index] = subscription
    let demand = unlimitedSlots.contains(index) ? .unlimited : demandSoFar
    lock.unlock()
    if demand > .none {
      subscription.request(demand)
    }
  }

  /// Passes `demand` to every demand-following upstream, now and when it subscribes.
  func request(_ demand: Subscribers.Demand) {
    lock.lock()
    demandSoFar += demand
    let targets = slots.indices.compactMap { unlimitedSlots.contains($0) ? nil : slots[$0] }
    lock.unlock()
    for upstream in targets {
      upstream.request(demand)
    }
  }

  /// Records that the upstream in slot `index` finished; returns whether every upstream
  /// has now finished.
  func finish(at index: Int) -> Bool {
    lock.withLock {
      slots[index] = nil
      finishedCount += 1
      return finishedCount == slots.count
    }
  }

  /// Applies the completion of the upstream in slot `index` for an operator that needs
  /// all upstreams to finish: the last one to finish completes `queue`; the first failure
  /// fails it and cancels the rest.
  func complete<Downstream: Subscriber>(
    _ completion: Subscribers.Completion<Downstream.Failure>, at index: Int,
    into queue: DemandQueue<Downstream>
  ) {
    switch completion {
    case .finished:
      if finish(at: index) { queue.complete(.finished) }
    case .failure:
      queue.complete(completion)
      cancelAll()
    }
  }

  /// Cancels every upstream that has not finished, and any that subscribes later.
  func cancelAll() {
    lock.lock()
    isCancelled = true
    let targets = slots.compactMap { $0 }
    slots = slots.map { _ in nil }
    lock.unlock()
    for upstream in targets {
      upstream.cancel()
    }
  }
}
