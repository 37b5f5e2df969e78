import Dispatch
import Testing
import Uniflow

/// `Locked` owns what it guards: the value is reached only through `withLock`, copies share
/// it, and it is freed with the last copy.
@Suite struct LockedTests {
  @Test func threadsChangingOneValueAtOnceLoseNoChange() {
    let count = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 { count.withLock { $0 += 1 } }
    }
    #expect(count.withLock { $0 } == 80_000)
  }

  @Test func aCopySharesTheValueAndTheLock() {
    let words = Locked([String]())
    let copy = words
    copy.withLock { $0.append("shared") }
    #expect(words.withLock { $0 } == ["shared"])
  }

  @Test func whatWithLockReturnsIsTheBodysResult() {
    let tally = Locked(["a": 1])
    let previous = tally.withLock { tally -> Int? in
      defer { tally["a", default: 0] += 1 }
      return tally["a"]
    }
    #expect(previous == 1)
    #expect(tally.withLock { $0["a"] } == 2)
  }

  @Test func theValueIsFreedWithTheLastCopy() {
    weak var watched: Payload?
    do {
      let payload = Payload()
      watched = payload
      let locked = Locked(payload)
      let copy = locked
      #expect(copy.withLock { $0 } === payload)
    }
    #expect(watched == nil)
  }

  @Test func aThrowingBodyReleasesTheLock() {
    let value = Locked(0)
    #expect(throws: BodyFailed.self) {
      try value.withLock { _ in throw BodyFailed() }
    }
    // Taken again at once: the throw released it.
    #expect(value.withLock { $0 } == 0)
  }
}

private final class Payload: Sendable {}

private struct BodyFailed: Error {}
