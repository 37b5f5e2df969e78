extension Publisher {
  /// Shares one subscription to this publisher among every subscriber, and replays the
  /// last `count` values to each new one: RxSwift's `share(replay:)` with its default
  /// `.whileConnected` scope.
  ///
  /// The first subscriber connects to the upstream. A subscriber that comes later first
  /// gets the values kept so far, then the live ones. When the upstream completes, or the
  /// last subscriber cancels, the connection ends and the kept values are dropped; the
  /// next subscriber connects again.
  ///
  /// ```swift
  /// let results = searchWord
  ///   .map { api.search(from: $0).materialize() }
  ///   .switchToLatest()
  ///   .share(replay: 1)
  /// results.compactMap(\.element)   // a screen that subscribes late still sees the last result
  /// ```
  public func share(replay count: Int) -> Publishers.ShareReplay<Self> {
    Publishers.ShareReplay(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that shares one upstream subscription and replays its last values; made
  /// by `share(replay:)`.
  ///
  /// ```swift
  /// let shared = expensive.share(replay: 1)
  /// ```
  public final class ShareReplay<Upstream: Publisher>: Publisher, @unchecked Sendable {
    // Sendable because every mutable property is read and written with `lock` held;
    // subscribers are called only through their `DemandQueue`, with the lock released.
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    private let upstream: Upstream
    private let count: Int
    private let lock = Lock()
    private var kept: [Output] = []
    private var subscriptions: [ShareReplaySubscription] = []
    /// Which connection is current; values from an older one are ignored.
    private var connection: UInt64 = 0
    private var isConnected = false
    private var upstreamSubscription: (any Subscription)?

    init(upstream: Upstream, count: Int) {
      precondition(count >= 0, "share(replay:) needs a count of zero or more, not \(count)")
      self.upstream = upstream
      self.count = count
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      let queue = DemandQueue(subscriber, forwardDemand: { _ in })
      let subscription = ShareReplaySubscription(
        request: { queue.request($0) },
        cancel: { queue.cancel() },
        send: { queue.send($0) },
        complete: { queue.complete($0) })
      subscription.owner = self
      lock.lock()
      // Kept values go into the subscriber's queue before it joins the list, so live
      // values can only come after them.
      for value in kept { queue.send(value) }
      subscriptions.append(subscription)
      let connects = !isConnected
      if connects {
        isConnected = true
        connection &+= 1
      }
      let current = connection
      lock.unlock()
      subscriber.receive(subscription: subscription)
      if connects {
        upstream.subscribe(UpstreamSink(owner: self, connection: current))
      }
    }

    fileprivate func attach(_ subscription: any Subscription, connection: UInt64) {
      lock.lock()
      guard connection == self.connection, isConnected else {
        lock.unlock()
        subscription.cancel()
        return
      }
      upstreamSubscription = subscription
      lock.unlock()
      subscription.request(.unlimited)
    }

    fileprivate func receive(_ value: Output, connection: UInt64) {
      lock.lock()
      guard connection == self.connection, isConnected else {
        lock.unlock()
        return
      }
      if count > 0 {
        kept.append(value)
        if kept.count > count { kept.removeFirst(kept.count - count) }
      }
      let targets = subscriptions
      lock.unlock()
      for target in targets { target.send(value) }
    }

    fileprivate func receive(
      completion: Subscribers.Completion<Failure>, connection: UInt64
    ) {
      lock.lock()
      guard connection == self.connection, isConnected else {
        lock.unlock()
        return
      }
      let targets = subscriptions
      disconnect()
      lock.unlock()
      for target in targets { target.complete(completion) }
    }

    fileprivate func remove(_ subscription: ShareReplaySubscription) {
      lock.lock()
      subscriptions.removeAll { $0 === subscription }
      var cancelled: (any Subscription)?
      if subscriptions.isEmpty, isConnected {
        cancelled = upstreamSubscription
        disconnect()
      }
      lock.unlock()
      cancelled?.cancel()
    }

    /// Ends the current connection; call with `lock` held.
    private func disconnect() {
      isConnected = false
      upstreamSubscription = nil
      subscriptions.removeAll()
      kept.removeAll()
    }

    /// One subscriber's side: its queue, behind closures so the list needs no generics.
    fileprivate final class ShareReplaySubscription: Subscription, @unchecked Sendable {
      // Sendable because its closures are immutable and the queue they use locks itself;
      // `owner` is weak and only written before the subscription is handed out.
      let combineIdentifier = CombineIdentifier()
      weak var owner: ShareReplay?
      private let requestMore: (Subscribers.Demand) -> Void
      private let cancelQueue: () -> Void
      let send: (Output) -> Void
      let complete: (Subscribers.Completion<Failure>) -> Void

      init(
        request: @escaping (Subscribers.Demand) -> Void, cancel: @escaping () -> Void,
        send: @escaping (Output) -> Void,
        complete: @escaping (Subscribers.Completion<Failure>) -> Void
      ) {
        requestMore = request
        cancelQueue = cancel
        self.send = send
        self.complete = complete
      }

      func request(_ demand: Subscribers.Demand) { requestMore(demand) }

      func cancel() {
        cancelQueue()
        owner?.remove(self)
      }
    }

    /// The one subscriber to the upstream for a connection.
    private struct UpstreamSink: Subscriber {
      typealias Input = Output
      let owner: ShareReplay
      let connection: UInt64
      let combineIdentifier = CombineIdentifier()

      func receive(subscription: any Subscription) {
        owner.attach(subscription, connection: connection)
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        owner.receive(input, connection: connection)
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        owner.receive(completion: completion, connection: connection)
      }
    }
  }
}
