// Apple's `Publishers.CombineLatest`, which OpenCombine 0.14 lacks. As with Merge.swift,
// the declaration is what the check needs; it works by merging both sides, keeping the
// latest of each in a `scan`, and emitting once both have a value.

extension Publishers {
  /// Combine's publisher that emits the latest values of two upstreams as a pair.
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
  where A.Failure == B.Failure {
    public typealias Output = (A.Output, B.Output)
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
      a.map(Latest<A.Output, B.Output>.Side.a)
        .merge(with: b.map(Latest<A.Output, B.Output>.Side.b))
        .scan(Latest<A.Output, B.Output>()) { latest, side in latest.updated(by: side) }
        .compactMap(\.pair)
        .receive(subscriber: subscriber)
    }
  }
}

/// The newest value of each side of a `CombineLatest`.
private struct Latest<First, Second> {
  enum Side {
    case a(First)
    case b(Second)
  }

  var first: First?
  var second: Second?

  var pair: (First, Second)? {
    guard let first, let second else { return nil }
    return (first, second)
  }

  func updated(by side: Side) -> Latest {
    var next = self
    switch side {
    case .a(let value): next.first = value
    case .b(let value): next.second = value
    }
    return next
  }
}

extension Publisher {
  /// Combine's `combineLatest(_:)`.
  public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
  where P.Failure == Failure {
    Publishers.CombineLatest(self, other)
  }

  /// Combine's `combineLatest(_:_:)`.
  public func combineLatest<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T>
  where P.Failure == Failure {
    Publishers.CombineLatest(self, other).map(transform)
  }
}
