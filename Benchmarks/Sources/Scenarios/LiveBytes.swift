#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many heap bytes one object keeps alive: `count` objects are made and kept, and the
/// growth of the allocator's in-use bytes is divided among them.
///
/// On Linux it reads glibc's `mallinfo2`; elsewhere it returns `nil`.
public enum LiveBytes {
  public static func perObject<Object>(count: Int = 1_000, make: () -> Object) -> Int? {
    #if canImport(Glibc)
      var kept: [Object] = []
      kept.reserveCapacity(count)
      let before = mallinfo2().uordblks
      for _ in 0..<count { kept.append(make()) }
      let after = mallinfo2().uordblks
      let bytes = (Int(after) - Int(before)) / count
      withExtendedLifetime(kept) {}
      return bytes
    #else
      return nil
    #endif
  }
}

/// What the memory benchmarks measure: a counter reactor with one state subscription, an
/// echo stream, and the minimal store with one subscriber.
@MainActor
public enum MemoryScenario {
  /// A counter reactor that has been used once and has one state subscription.
  public static func reactorBytes() -> Int? {
    LiveBytes.perObject { () -> (CounterReactor, AnyCancellable) in
      let reactor = CounterReactor()
      let cancellable = reactor.state.sink { _ in }
      reactor.send(.increase)
      return (reactor, cancellable)
    }
  }

  /// A freshly made ``EchoStream``.
  public static func streamBytes() -> Int? {
    LiveBytes.perObject { EchoStream() }
  }

  /// The minimal store with one subscriber.
  public static func minimalStoreBytes() -> Int? {
    LiveBytes.perObject { () -> MinimalStore<Int, Void> in
      let store = MinimalStore<Int, Void>(initial: 0) { state, _ in state += 1 }
      store.subscribe { _ in }
      return store
    }
  }
}
