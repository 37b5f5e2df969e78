#if !canImport(Combine)
  extension Publishers {
    /// A publisher that emits a pair of the latest values of two upstreams whenever
    /// either emits, once both have emitted; Combine's `Publishers.CombineLatest`, which
    /// OpenCombine 0.14 lacks.
    ///
    /// As in Combine, the subscriber's demand is passed to both upstreams and each
    /// upstream's latest value is kept in a buffer of one: while there is no demand, only
    /// the newest pair waits. It finishes when both upstreams have finished and fails as
    /// soon as either fails.
    ///
    /// ```swift
    /// let form = email.combineLatest(password)
    /// ```
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
    where A.Failure == B.Failure {
      public typealias Output = (A.Output, B.Output)
      public typealias Failure = A.Failure

      /// The first upstream.
      public let a: A
      /// The second upstream.
      public let b: B

      /// Creates a publisher that combines the latest values of `a` and `b`.
      public init(_ a: A, _ b: B) {
        self.a = a
        self.b = b
      }

      public func receive<Downstream: Subscriber>(subscriber: Downstream)
      where Downstream.Input == Output, Downstream.Failure == Failure {
        let combine = CombineLatestSubscription<A.Output, B.Output, Downstream>(subscriber)
        subscriber.receive(subscription: combine)
        a.subscribe(combine.firstSide())
        b.subscribe(combine.secondSide())
      }
    }
  }

  extension Publisher {
    /// Emits a pair of the latest values of this publisher and `other` whenever either
    /// emits, once both have emitted; Combine's `combineLatest(_:)`.
    ///
    /// ```swift
    /// let canSubmit = email.combineLatest(password).map { !$0.isEmpty && !$1.isEmpty }
    /// ```
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where P.Failure == Failure {
      Publishers.CombineLatest(self, other)
    }

    /// Emits `transform` of the latest values of this publisher and `other` whenever
    /// either emits, once both have emitted; Combine's `combineLatest(_:_:)`.
    ///
    /// ```swift
    /// let canSubmit = email.combineLatest(password) { !$0.isEmpty && !$1.isEmpty }
    /// ```
    public func combineLatest<P: Publisher, Combined>(
      _ other: P, _ transform: @escaping (Output, P.Output) -> Combined
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, Combined>
    where P.Failure == Failure {
      Publishers.CombineLatest(self, other).map(transform)
    }
  }
#endif
