#if !canImport(Combine)
  extension Publishers {
    /// A publisher that emits the values of two upstreams as they arrive; Combine's
    /// `Publishers.Merge`, which OpenCombine 0.14 lacks.
    ///
    /// It finishes when both upstreams have finished and fails as soon as either fails.
    ///
    /// ```swift
    /// let both = searchTaps.merge(with: returnKeys)
    /// ```
    public struct Merge<A: Publisher, B: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure {
      public typealias Output = A.Output
      public typealias Failure = A.Failure

      /// The first upstream.
      public let a: A
      /// The second upstream.
      public let b: B

      /// Creates a publisher that merges `a` and `b`.
      public init(_ a: A, _ b: B) {
        self.a = a
        self.b = b
      }

      public func receive<Downstream: Subscriber>(subscriber: Downstream)
      where Downstream.Input == Output, Downstream.Failure == Failure {
        let merge = MergeSubscription(downstream: subscriber, upstreamCount: 2)
        subscriber.receive(subscription: merge)
        a.subscribe(merge.side(0))
        b.subscribe(merge.side(1))
      }

    }

    /// A publisher that emits the values of any number of upstreams of one type as they
    /// arrive; Combine's `Publishers.MergeMany`, which OpenCombine 0.14 lacks.
    ///
    /// ```swift
    /// let all = Publishers.MergeMany(relays.map { $0.eraseToAnyPublisher() })
    /// ```
    public struct MergeMany<Upstream: Publisher>: Publisher {
      public typealias Output = Upstream.Output
      public typealias Failure = Upstream.Failure

      /// The upstreams, in the order they are subscribed.
      public let publishers: [Upstream]

      /// Creates a publisher that merges `upstream`.
      public init(_ upstream: Upstream...) {
        publishers = upstream
      }

      /// Creates a publisher that merges the publishers in `upstream`.
      public init<Upstreams: Swift.Sequence>(_ upstream: Upstreams)
      where Upstreams.Element == Upstream {
        publishers = Array(upstream)
      }

      public func receive<Downstream: Subscriber>(subscriber: Downstream)
      where Downstream.Input == Output, Downstream.Failure == Failure {
        guard !publishers.isEmpty else {
          Empty<Output, Failure>().subscribe(subscriber)
          return
        }
        let merge = MergeSubscription(downstream: subscriber, upstreamCount: publishers.count)
        subscriber.receive(subscription: merge)
        for (index, publisher) in publishers.enumerated() {
          publisher.subscribe(merge.side(index))
        }
      }

      /// Adds one more upstream.
      public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
        Publishers.MergeMany(publishers + [other])
      }
    }
  }

  extension Publisher {
    /// Emits the values of this publisher and `other` as they arrive; Combine's
    /// `merge(with:)`.
    ///
    /// ```swift
    /// let refreshes = pullToRefresh.merge(with: appDidBecomeActive)
    /// ```
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where P.Output == Output, P.Failure == Failure {
      Publishers.Merge(self, other)
    }
  }
#endif
