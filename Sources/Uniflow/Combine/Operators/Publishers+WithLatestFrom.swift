extension Publishers {
  /// A publisher that, for each value of its upstream, emits a combination with the
  /// latest value of another publisher; RxSwift's `withLatestFrom`, which neither
  /// Combine nor OpenCombine has.
  ///
  /// Upstream values that arrive before `other` has emitted are dropped. It finishes when
  /// the upstream finishes (not when `other` does) and fails as soon as either fails.
  ///
  /// ```swift
  /// let credentials = email.combineLatest(password)
  /// let submissions = submitTap.withLatestFrom(credentials)
  /// ```
  public struct WithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
  where Upstream.Failure == Other.Failure {
    public typealias Failure = Upstream.Failure

    /// The publisher whose values trigger an emission.
    public let upstream: Upstream
    /// The publisher whose latest value is combined in.
    public let other: Other
    /// Makes the emitted value from an upstream value and the latest other value.
    public let resultSelector: (Upstream.Output, Other.Output) -> Output

    /// Creates a publisher that combines each value of `upstream` with the latest value
    /// of `other` through `resultSelector`.
    public init(
      upstream: Upstream,
      other: Other,
      resultSelector: @escaping (Upstream.Output, Other.Output) -> Output
    ) {
      self.upstream = upstream
      self.other = other
      self.resultSelector = resultSelector
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      let subscription = WithLatestFromSubscription<Upstream.Output, Other.Output, Downstream>(
        subscriber, resultSelector: resultSelector)
      subscriber.receive(subscription: subscription)
      other.subscribe(subscription.otherSide())
      upstream.subscribe(subscription.upstreamSide())
    }
  }
}

extension Publisher {
  /// Emits, for each value of this publisher, the latest value of `other`; values that
  /// arrive before `other` has emitted are dropped.
  ///
  /// ```swift
  /// let fields = email.combineLatest(password)
  /// let signIns = submitTap.withLatestFrom(fields)   // (email, password) per tap
  /// ```
  public func withLatestFrom<Other: Publisher>(_ other: Other)
    -> Publishers.WithLatestFrom<Self, Other, Other.Output>
  where Other.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: other) { _, latest in latest }
  }

  /// Emits, for each value of this publisher, `resultSelector` of that value and the
  /// latest value of `other`; values that arrive before `other` has emitted are dropped.
  ///
  /// ```swift
  /// let pages = nextTap.withLatestFrom(currentPage) { _, page in page + 1 }
  /// ```
  public func withLatestFrom<Other: Publisher, Result>(
    _ other: Other, resultSelector: @escaping (Output, Other.Output) -> Result
  ) -> Publishers.WithLatestFrom<Self, Other, Result>
  where Other.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: other, resultSelector: resultSelector)
  }
}
