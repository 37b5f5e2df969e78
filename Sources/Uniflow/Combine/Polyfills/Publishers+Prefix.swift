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
    // Sendable because `phase` and `remaining` are only read and written with `lock` held;
    // the downstream and the upstream are called with it released.
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

    private let lock = Lock()
    private let downstream: Downstream
    private var phase = Phase.waiting
    private var remaining: Int

    init(downstream: Downstream, count: Int) {
      self.downstream = downstream
      remaining = count
    }

    func receive(subscription: any Subscription) {
      lock.lock()
      guard case .waiting = phase else {
        lock.unlock()
        subscription.cancel()
        return
      }
      phase = .subscribed(subscription)
      lock.unlock()
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      lock.lock()
      guard case .subscribed(let upstream) = phase else {
        lock.unlock()
        return .none
      }
      remaining -= 1
      let isLast = remaining == 0
      if isLast { phase = .ended }
      lock.unlock()
      let demand = downstream.receive(input)
      guard isLast else { return demand }
      upstream.cancel()
      downstream.receive(completion: .finished)
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      lock.lock()
      guard case .subscribed = phase else {
        lock.unlock()
        return
      }
      phase = .ended
      lock.unlock()
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      lock.lock()
      guard case .subscribed(let upstream) = phase else {
        lock.unlock()
        return
      }
      lock.unlock()
      upstream.request(demand)
    }

    func cancel() {
      lock.lock()
      guard case .subscribed(let upstream) = phase else {
        phase = .ended
        lock.unlock()
        return
      }
      phase = .ended
      lock.unlock()
      upstream.cancel()
    }
  }
#endif
