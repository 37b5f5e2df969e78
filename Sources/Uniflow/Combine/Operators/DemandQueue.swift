/// Delivers values and one completion to a subscriber in order, one call at a time, and
/// never more values than it asked for.
///
/// The operators that combine several upstreams (merge, combineLatest, withLatestFrom)
/// feed it from whatever threads their upstreams use. A value that arrives without
/// demand waits in the queue; the first thread to find nobody delivering drains it, so
/// the subscriber is never called concurrently or re-entrantly. Demand that the subscriber
/// returns from `receive(_:)` is handed to `forwardDemand` so that the operator can pass
/// it upstream.
final class DemandQueue<Downstream: Subscriber>: @unchecked Sendable {
  // Sendable because every mutable property is read and written with `lock` held; the
  // downstream is called only with the lock released. For the same reason the properties
  // skip the dynamic exclusivity check, which cost a runtime call on each access.
  //
  // This code is generic and not specialised for the app's types, so reading an optional
  // of an unknown type (`Downstream?`, a `Completion<Failure>?`) looks up that optional's
  // metadata each time: some 200 instructions, several times a value. So the path of a
  // value reads none: the subscriber is in a box (an optional class reference has one
  // layout whatever it holds), and whether a completion waits is a Bool beside it.
  private let lock = Lock()
  @exclusivity(unchecked) private var target: Target?
  @exclusivity(unchecked) private var demand = Subscribers.Demand.none
  @exclusivity(unchecked) private var queue: [Downstream.Input] = []
  @exclusivity(unchecked) private var head = 0
  /// How many values wait in `queue`; kept beside it so that the common case, nothing
  /// waiting, is decided without touching the (generic) array.
  @exclusivity(unchecked) private var waiting = 0
  /// The completion, once it has come; read only when `isCompleting`.
  @exclusivity(unchecked) private var completion: Subscribers.Completion<Downstream.Failure>?
  @exclusivity(unchecked) private var isCompleting = false
  @exclusivity(unchecked) private var delivering = false
  private let forwardDemand: (Subscribers.Demand) -> Void

  /// The subscriber, until it is completed or cancels.
  private final class Target {
    let downstream: Downstream
    init(_ downstream: Downstream) { self.downstream = downstream }
  }

  init(_ downstream: Downstream, forwardDemand: @escaping (Subscribers.Demand) -> Void) {
    target = Target(downstream)
    self.forwardDemand = forwardDemand
  }

  /// Whether the subscriber has been completed or has cancelled.
  var isTerminated: Bool {
    lock.withLock { target == nil || isCompleting }
  }

  /// Queues `value`. With `replacingQueued`, a value still waiting for demand is dropped
  /// in favour of this one (combineLatest keeps only the latest combination).
  func send(_ value: Downstream.Input, replacingQueued: Bool = false) {
    lock.lock()
    guard let target, !isCompleting else {
      lock.unlock()
      return
    }
    if !delivering, waiting == 0, demand > .none {
      // Nothing waits and nobody delivers: hand the value on without queueing it.
      delivering = true
      demand -= 1
      lock.unlock()
      let more = target.downstream.receive(value)
      if more > .none { forwardDemand(more) }
      lock.lock()
      demand += more
      deliverWaiting()
      return
    }
    if replacingQueued, waiting > 0 {
      queue[queue.count - 1] = value
    } else {
      queue.append(value)
      waiting += 1
    }
    drain()
  }

  /// Completes the subscriber once the queued values are delivered; a failure drops them
  /// and is delivered at once.
  func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
    lock.lock()
    guard target != nil, !isCompleting else {
      lock.unlock()
      return
    }
    if case .failure = completion {
      queue.removeAll()
      head = 0
      waiting = 0
    }
    self.completion = completion
    isCompleting = true
    drain()
  }

  /// Adds demand from the subscriber and delivers what it allows.
  func request(_ more: Subscribers.Demand) {
    lock.lock()
    guard target != nil else {
      lock.unlock()
      return
    }
    demand += more
    drain()
  }

  /// Stops delivery and forgets the subscriber. Returns whether it was still active.
  @discardableResult
  func cancel() -> Bool {
    lock.lock()
    let released = target
    target = nil
    queue.removeAll()
    head = 0
    waiting = 0
    lock.unlock()
    return released != nil
  }

  /// Delivers queued values while there is demand, then the completion. Called with the
  /// lock held; returns with it released.
  private func drain() {
    guard !delivering else {
      lock.unlock()
      return
    }
    delivering = true
    deliverWaiting()
  }

  /// Delivers what waits while there is demand, then the completion once nothing waits;
  /// called with `lock` held and `delivering` set, and returns with both released.
  private func deliverWaiting() {
    while let target {
      if demand > .none, waiting > 0 {
        let value = queue[head]
        head += 1
        waiting -= 1
        if waiting == 0 {
          queue.removeAll(keepingCapacity: true)
          head = 0
        }
        demand -= 1
        lock.unlock()
        let more = target.downstream.receive(value)
        if more > .none {
          forwardDemand(more)
        }
        lock.lock()
        demand += more
      } else if waiting == 0, isCompleting, let completion {
        self.target = nil
        delivering = false
        lock.unlock()
        target.downstream.receive(completion: completion)
        return
      } else {
        break
      }
    }
    delivering = false
    lock.unlock()
  }
}
