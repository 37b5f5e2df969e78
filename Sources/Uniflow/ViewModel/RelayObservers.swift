/// One observer of a relay. The relay calls ``receive(_:)`` with each value while it holds
/// its lock, so one relay's observers are never called concurrently; a subclass decides
/// what receiving means (a closure, or a Combine subscription with its demand).
@usableFromInline
class RelayObserver<Element> {
  /// Set, with the relay's lock held, when the observer is cancelled; the relay drops it
  /// the next time it delivers or changes its observers. Cancelling needs no reference
  /// to the relay, so an open subscription does not keep a relay alive.
  @usableFromInline var isCancelled = false

  @usableFromInline
  init() {}

  /// Called with the relay's lock held.
  @usableFromInline
  func receive(_ element: Element) {}
}

/// A `sink` closure as a relay observer: no Combine subscriber, no demand.
@usableFromInline
final class ClosureObserver<Element>: RelayObserver<Element> {
  // Read and written with the owning relay's lock held.
  @usableFromInline var body: ((Element) -> Void)?

  @usableFromInline
  init(_ body: @escaping (Element) -> Void) {
    self.body = body
  }

  @inlinable
  override func receive(_ element: Element) {
    body?(element)
  }
}

/// A relay's observers in subscription order, with the usual single observer kept out of
/// the array so that delivering to it copies nothing.
@usableFromInline
struct RelayObservers<Element> {
  @usableFromInline var first: RelayObserver<Element>?
  @usableFromInline var rest: ContiguousArray<RelayObserver<Element>> = []

  @usableFromInline
  init() {}

  mutating func add(_ observer: RelayObserver<Element>) {
    removeCancelled()
    if first == nil {
      first = observer
    } else {
      rest.append(observer)
    }
  }

  /// Drops the cancelled observers, keeping the order of the others.
  mutating func removeCancelled() {
    if let first, first.isCancelled {
      self.first = nil
    }
    // Closures, not key paths: a key path in generic code is built anew on every call.
    if !rest.isEmpty, rest.contains(where: { $0.isCancelled }) {
      rest.removeAll(where: { $0.isCancelled })
    }
    if first == nil, !rest.isEmpty {
      first = rest.removeFirst()
    }
  }
}

/// What both relays are made of: one recursive lock, held while observers are added,
/// removed and called, and the observers.
///
/// The lock is recursive because an observer may call back into the relay it is called
/// from: accept another value, subscribe, or cancel.
@usableFromInline
protocol RelayStorage<Element>: AnyObject {
  associatedtype Element
  var lock: Lock { get }
  var observers: RelayObservers<Element> { get set }
}

extension RelayStorage {
  /// Calls every observer with `element`; call with `lock` held.
  @inlinable
  func deliver(_ element: Element) {
    // The common case, one live observer, reads two fields and makes one call.
    if let first = observers.first, !first.isCancelled, observers.rest.isEmpty {
      first.receive(element)
    } else {
      deliverToAll(element)
    }
  }

  /// Calls the observers not cancelled, in order, then drops the cancelled ones; call
  /// with `lock` held.
  @usableFromInline
  func deliverToAll(_ element: Element) {
    // A copy: an observer may add observers while it runs.
    let all = observers
    var sawCancelled = false
    if let first = all.first {
      if first.isCancelled { sawCancelled = true } else { first.receive(element) }
    }
    // An index loop: in this generic code, `for in` and `contains(where:)` would cost a
    // metadata look-up and a heap allocation per observer.
    var index = 0
    while index < all.rest.count {
      let observer = all.rest[index]
      if observer.isCancelled { sawCancelled = true } else { observer.receive(element) }
      index += 1
    }
    if sawCancelled { observers.removeCancelled() }
  }

  /// Adds `observer` under the lock.
  func attach(_ observer: RelayObserver<Element>) {
    lock.lock()
    observers.add(observer)
    lock.unlock()
  }
}

extension ClosureObserver {
  /// A cancellable that stops this observer. It holds the observer and the relay's lock,
  /// not the relay.
  func cancellable(lockedBy lock: Lock) -> AnyCancellable {
    AnyCancellable { [self] in
      lock.lock()
      isCancelled = true
      body = nil
      lock.unlock()
    }
  }
}

/// The Combine subscription of a relay: it keeps the subscriber's demand and, for a
/// ``BehaviorRelay``, the newest value the subscriber has not asked for yet. It uses the
/// relay's lock, so a value and a request never race.
final class RelaySubscription<Downstream: Subscriber>: RelayObserver<Downstream.Input>,
  Subscription, @unchecked Sendable
where Downstream.Failure == Never {
  // Sendable because every mutable property is read and written with `lock` (the relay's)
  // held.
  private let lock: Lock
  /// The subscriber's `receive(_:)`, until the subscription is cancelled. A closure rather
  /// than a `Downstream?`: in this generic code, every read of an optional of an unknown
  /// type looks up its metadata, once per value delivered; a closure's layout is known.
  private var send: ((Downstream.Input) -> Subscribers.Demand)?
  private var demand = Subscribers.Demand.none
  private var pending: Downstream.Input?
  private let replays: Bool

  init(downstream: Downstream, lock: Lock, replaying initial: Downstream.Input?) {
    self.send = { downstream.receive($0) }
    self.lock = lock
    self.pending = initial
    self.replays = initial != nil
  }

  override func receive(_ element: Downstream.Input) {
    guard let send else { return }
    guard demand > .none else {
      if replays { pending = element }
      return
    }
    // Only a replaying subscription keeps a pending value; touching the optional costs a
    // generic-metadata look-up here, where `Input` is not known.
    if replays { pending = nil }
    demand -= 1
    demand += send(element)
  }

  func request(_ more: Subscribers.Demand) {
    precondition(more > .none, "A subscriber must request a positive demand, not \(more)")
    lock.lock()
    defer { lock.unlock() }
    guard let send else { return }
    demand += more
    if let value = pending {
      pending = nil
      demand -= 1
      demand += send(value)
    }
  }

  func cancel() {
    lock.lock()
    let released = send
    send = nil
    pending = nil
    isCancelled = true
    lock.unlock()
    _ = released  // the subscriber is released after the lock
  }
}

/// A relay that can tell how many subscriptions to it are open; testing tools use it to
/// find a subscription that outlived the screen that made it.
package protocol SubscriptionCounting: AnyObject {
  /// The subscriptions (sinks and Combine subscribers) not yet cancelled.
  var openSubscriptionCount: Int { get }
  /// The identities of the subscriptions not yet cancelled, to tell a new one from one
  /// that was there before.
  var openSubscriptionIDs: Set<ObjectIdentifier> { get }
}

extension RelayStorage {
  /// The observers not yet cancelled.
  package var openSubscriptionCount: Int { openSubscriptionIDs.count }

  /// The identities of the observers not yet cancelled.
  package var openSubscriptionIDs: Set<ObjectIdentifier> {
    lock.lock()
    defer { lock.unlock() }
    var ids = Set(observers.rest.lazy.filter { !$0.isCancelled }.map(ObjectIdentifier.init))
    if let first = observers.first, !first.isCancelled { ids.insert(ObjectIdentifier(first)) }
    return ids
  }
}

extension PublishRelay: SubscriptionCounting {}
extension BehaviorRelay: SubscriptionCounting {}
