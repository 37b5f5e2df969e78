import CHeapBytes
import Uniflow

/// How many heap bytes one object keeps alive: `count` objects are made and kept, and the
/// growth of the allocator's in-use bytes is divided among them.
///
/// On Linux it reads glibc's `mallinfo2` (through a small C target); where the allocator
/// cannot say, it returns `nil`.
public enum LiveBytes {
  public static func perObject<Object>(count: Int = 1_000, make: () -> Object) -> Int? {
    var kept: [Object] = []
    kept.reserveCapacity(count)
    let before = uniflow_heap_bytes_in_use()
    guard before > 0 else { return nil }
    for _ in 0..<count { kept.append(make()) }
    let after = uniflow_heap_bytes_in_use()
    withExtendedLifetime(kept) {}
    return (Int(after) - Int(before)) / count
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
