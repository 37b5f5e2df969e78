/// The upstream subscriptions of an operator that subscribes to several publishers
/// (merge, combineLatest, withLatestFrom), one slot per upstream.
///
/// Demand from the subscriber is passed to every slot that follows demand, including to
/// upstreams that subscribe later; the other slots are asked for everything once. A
/// subscription that arrives for a taken slot or after ``cancelAll()`` is cancelled.
final class UpstreamSubscriptions: @unchecked Sendable {
  // Unchecked because a subscription need not be Sendable: the slots are reached only
  // through `state`'s lock, and the subscriptions are called with it released.
  private struct State {
    var slots: [(any Subscription)?]
    var finishedCount = 0
    var demandSoFar = Subscribers.Demand.none
    var isCancelled = false
  }
  private let state: Locked<State>
  private let unlimitedSlots: Set<Int>

  /// Creates `count` empty slots; those in `unlimited` ask their upstream for everything.
  init(count: Int, unlimited: Set<Int> = []) {
    state = Locked(State(slots: Array(repeating: nil, count: count)))
    unlimitedSlots = unlimited
  }

  /// Stores the subscription of the upstream in slot `index` and asks it for the demand
  /// passed on so far.
  func attach(_ subscription: any Subscription, at index: Int) {
    let unlimited = unlimitedSlots.contains(index)
    let demand: Subscribers.Demand? = state.withLock {
      guard $0.slots[index] == nil, !$0.isCancelled else { return nil }
      $0.slots[index] = subscription
      return unlimited ? .unlimited : $0.demandSoFar
    }
    guard let demand else {
      subscription.cancel()
      return
    }
    if demand > .none {
      subscription.request(demand)
    }
  }

  /// Passes `demand` to every demand-following upstream, now and when it subscribes.
  func request(_ demand: Subscribers.Demand) {
    let unlimitedSlots = self.unlimitedSlots
    let targets = state.withLock { state in
      state.demandSoFar += demand
      return state.slots.indices.compactMap {
        unlimitedSlots.contains($0) ? nil : state.slots[$0]
      }
    }
    for upstream in targets {
      upstream.request(demand)
    }
  }

  /// Records that the upstream in slot `index` finished; returns whether every upstream
  /// has now finished.
  func finish(at index: Int) -> Bool {
    state.withLock {
      $0.slots[index] = nil
      $0.finishedCount += 1
      return $0.finishedCount == $0.slots.count
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
    let targets = state.withLock { state in
      state.isCancelled = true
      defer { state.slots = state.slots.map { _ in nil } }
      return state.slots.compactMap { $0 }
    }
    for upstream in targets {
      upstream.cancel()
    }
  }
}
