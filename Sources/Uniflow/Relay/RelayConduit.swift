/// What a relay keeps for each subscriber: the relay calls ``deliver(_:)`` for every
/// accepted value without knowing the subscriber's type.
class RelayConduit<Element>: Subscription {
  func deliver(_ element: Element) {
    fatalError("RelayConduit.deliver(_:) must be overridden")
  }

  func request(_ demand: Subscribers.Demand) {
    fatalError("RelayConduit.request(_:) must be overridden")
  }

  func cancel() {
    fatalError("RelayConduit.cancel() must be overridden")
  }
}

/// A relay's list of subscribers, shared by ``PublishRelay`` and ``BehaviorRelay``.
protocol ConduitOwner<Element>: AnyObject {
  associatedtype Element
  var lock: Lock { get }
  var conduits: ContiguousArray<RelayConduit<Element>> { get set }
}

extension ConduitOwner {
  /// Whether anyone is subscribed.
  var hasSubscribers: Bool {
    lock.withLock { !conduits.isEmpty }
  }

  func attach(_ conduit: RelayConduit<Element>) {
    lock.lock()
    conduits.append(conduit)
    lock.unlock()
  }

  func detach(_ conduit: RelayConduit<Element>) {
    lock.lock()
    if let index = conduits.firstIndex(where: { $0 === conduit }) {
      conduits.remove(at: index)
    }
    lock.unlock()
  }
}

/// The subscription a relay hands to one subscriber.
///
/// Delivery to the subscriber happens with `lock` held, so that the subscriber sees one
/// value at a time even when several threads accept at once. The lock is recursive: a
/// subscriber may cancel, request more, or accept into the same relay from `receive(_:)`.
final class RelaySubscription<Downstream: Subscriber>: RelayConduit<Downstream.Input>,
  @unchecked Sendable
where Downstream.Failure == Never {
  // Sendable because every mutable property below is read and written with `lock` held.
  private let lock = Lock(recursive: true)
  private var downstream: Downstream?
  private var demand = Subscribers.Demand.none
  /// A value waiting for demand; only relays that replay (``BehaviorRelay``) keep one.
  private var pending: Downstream.Input?
  private let replays: Bool
  private weak var owner: (any ConduitOwner<Downstream.Input>)?

  init(
    downstream: Downstream,
    owner: any ConduitOwner<Downstream.Input>,
    replaying initial: Downstream.Input?
  ) {
    self.downstream = downstream
    self.owner = owner
    self.pending = initial
    self.replays = initial != nil
  }

  override func deliver(_ element: Downstream.Input) {
    lock.lock()
    defer { lock.unlock() }
    guard let downstream else { return }
    guard demand > .none else {
      if replays { pending = element }
      return
    }
    pending = nil
    demand -= 1
    demand += downstream.receive(element)
  }

  override func request(_ more: Subscribers.Demand) {
    precondition(more > .none, "A subscriber must request a positive demand, not \(more)")
    lock.lock()
    defer { lock.unlock() }
    guard let downstream else { return }
    demand += more
    if let value = pending {
      pending = nil
      demand -= 1
      demand += downstream.receive(value)
    }
  }

  override func cancel() {
    lock.lock()
    let released = downstream
    downstream = nil
    pending = nil
    let owner = self.owner
    lock.unlock()
    if released != nil {
      owner?.detach(self)
    }
  }
}
