#if !canImport(Combine)
  extension Publishers {
    /// The first `count` values of a publisher, then the end at once: Combine's
    /// `prefix(_:)` as Apple's Combine (and RxSwift's `take(_:)`) behaves. OpenCombine
    /// 0.14's `prefix(_:)` finishes only when one value more arrives, so a test that
    /// awaits the end of `subject.prefix(2)` would wait forever on Linux alone.
    ///
    /// Uniflow's `prefix(_:)`, `output(at:)` and `output(in:)` take the place of
    /// OpenCombine's for publishers that fail with `Never` or `any Error` (every publisher
    /// a port from RxSwift makes); for another failure type, or in code generic over the
    /// publisher, OpenCombine's run.
    ///
    /// ```swift
    /// let firstTwo = taps.prefix(2)   // finishes with the second tap
    /// ```
    public struct Prefix<Upstream: Publisher>: Publisher {
      public typealias Output = Upstream.Output
      public typealias Failure = Upstream.Failure

      /// The publisher whose first values this one sends.
      public let upstream: Upstream
      /// How many values it sends before it finishes.
      public let count: Int

      /// The first `count` values of `upstream`.
      public init(upstream: Upstream, count: Int) {
        precondition(count >= 0, "prefix(_:) needs a count of zero or more, not \(count)")
        self.upstream = upstream
        self.count = count
      }

      public func receive<Downstream: Subscriber>(subscriber: Downstream)
      where Downstream.Input == Output, Downstream.Failure == Failure {
        guard count > 0 else {
          // Nothing to send: the end, without subscribing upstream.
          subscriber.receive(subscription: Subscriptions.empty)
          subscriber.receive(completion: .finished)
          return
        }
        upstream.subscribe(PrefixSubscription(downstream: subscriber, count: count))
      }
    }
  }

  // Two extensions with the same three methods, because a constrained extension's method
  // is what Swift picks over OpenCombine's unconstrained one, and `Never` and `any Error`
  // cannot be named by one constraint.
  extension Publisher where Failure == Never {
    /// The first `maxLength` values, then the end at once, as in Apple's Combine.
    public func prefix(_ maxLength: Int) -> Publishers.Prefix<Self> {
      Publishers.Prefix(upstream: self, count: maxLength)
    }

    /// The value at `index` (0 is the first), then the end at once, as in Apple's Combine.
    public func output(at index: Int) -> Publishers.Prefix<Publishers.Drop<Self>> {
      dropFirst(index).prefix(1)
    }

    /// The values at the positions in `range`, then the end at once, as in Apple's Combine.
    public func output(in range: Range<Int>) -> Publishers.Prefix<Publishers.Drop<Self>> {
      dropFirst(range.lowerBound).prefix(range.count)
    }
  }

  extension Publisher where Failure == any Error {
    /// The first `maxLength` values, then the end at once, as in Apple's Combine.
    public func prefix(_ maxLength: Int) -> Publishers.Prefix<Self> {
      Publishers.Prefix(upstream: self, count: maxLength)
    }

    /// The value at `index` (0 is the first), then the end at once, as in Apple's Combine.
    public func output(at index: Int) -> Publishers.Prefix<Publishers.Drop<Self>> {
      dropFirst(index).prefix(1)
    }

    /// The values at the positions in `range`, then the end at once, as in Apple's Combine.
    public func output(in range: Range<Int>) -> Publishers.Prefix<Publishers.Drop<Self>> {
      dropFirst(range.lowerBound).prefix(range.count)
    }
  }

  /// Between a ``Publishers/Prefix`` and its upstream: passes on values and demand, and
  /// after the last value it may send, cancels the upstream and finishes.
  final class PrefixSubscription<Downstream: Subscriber>: Subscriber, Subscription,
    @unchecked Sendable
  {
    // Unchecked because the downstream and the upstream's subscription need not be
    // Sendable: what changes is all in `state`, reached only through its lock, and both
    // are called with it released.
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private enum Phase {
      /// The upstream has not subscribed yet.
      case waiting
      /// Values flow.
      case subscribed(any Subscription)
      /// Finished, failed or cancelled: nothing more is passed on.
      case ended
    }

    private struct State {
      var phase = Phase.waiting
      /// The values still to be passed on.
      var remaining: Int
    }

    private let state: Locked<State>
    private let downstream: Downstream

    init(downstream: Downstream, count: Int) {
      self.downstream = downstream
      state = Locked(State(remaining: count))
    }

    /// The upstream's subscription while values flow.
    private var upstream: (any Subscription)? {
      state.withLock {
        guard case .subscribed(let upstream) = $0.phase else { return nil }
        return upstream
      }
    }

    func receive(subscription: any Subscription) {
      let first = state.withLock {
        guard case .waiting = $0.phase else { return false }
        $0.phase = .subscribed(subscription)
        return true
      }
      guard first else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      let passed: (upstream: any Subscription, isLast: Bool)? = state.withLock {
        guard case .subscribed(let upstream) = $0.phase else { return nil }
        $0.remaining -= 1
        let isLast = $0.remaining == 0
        if isLast { $0.phase = .ended }
        return (upstream, isLast)
      }
      guard let passed else { return .none }
      let demand = downstream.receive(input)
      guard passed.isLast else { return demand }
      passed.upstream.cancel()
      downstream.receive(completion: .finished)
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let ends = state.withLock {
        guard case .subscribed = $0.phase else { return false }
        $0.phase = .ended
        return true
      }
      if ends { downstream.receive(completion: completion) }
    }

    func request(_ demand: Subscribers.Demand) {
      upstream?.request(demand)
    }

    func cancel() {
      let upstream = state.withLock { state -> (any Subscription)? in
        defer { state.phase = .ended }
        guard case .subscribed(let upstream) = state.phase else { return nil }
        return upstream
      }
      upstream?.cancel()
    }
  }
#endif
