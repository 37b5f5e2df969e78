// Apple's `Publishers.Merge` and `Publishers.MergeMany`, which OpenCombine 0.14 lacks.
// Only the declarations matter to the check, but each one works: merging is OpenCombine's
// `flatMap` over the upstreams, with no limit on how many run at once.

extension Publishers {
  /// Combine's publisher that emits the values of two upstreams as they arrive.
  public struct Merge<A: Publisher, B: Publisher>: Publisher
  where A.Output == B.Output, A.Failure == B.Failure {
    public typealias Output = A.Output
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B

    /// Creates the publisher over `a` and `b`.
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      MergeMany(a.eraseToAnyPublisher(), b.eraseToAnyPublisher()).receive(subscriber: subscriber)
    }
  }

  /// Combine's publisher that emits the values of any number of upstreams as they arrive.
  public struct MergeMany<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The upstreams, in the order they are subscribed.
    public let publishers: [Upstream]

    /// Creates the publisher over `upstream`.
    public init(_ upstream: Upstream...) {
      publishers = upstream
    }

    /// Creates the publisher over the publishers in `upstream`.
    public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
      publishers = Array(upstream)
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      Publishers.Sequence<[Upstream], Failure>(sequence: publishers)
        .flatMap { $0 }
        .receive(subscriber: subscriber)
    }

    /// Adds one more upstream.
    public func merge(with other: Upstream) -> MergeMany<Upstream> {
      MergeMany(publishers + [other])
    }
  }
}

extension Publisher {
  /// Combine's `merge(with:)`.
  public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Merge(self, other)
  }
}
