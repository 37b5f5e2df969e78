import Foundation
import Testing
import Uniflow

@testable import UniflowTesting

/// The probe a `receive` sends through the cooperative pool before it believes that work
/// nobody counts (a `Task.detached`) is not on its way: it comes back only once the pool has
/// run what was put on it before.
@MainActor
@Suite struct PoolProbeTests {
  @Test func theProbeComesBackOnlyAfterTheWorkThePoolWasBusyWith() async {
    // Every thread of the pool is held, as on a loaded machine, then the probe is sent.
    // (Off Apple's platforms the main queue is served by the same threads, so this checks
    // that the probe waits for them, not which of its legs did.)
    let hold = PoolHold(seconds: 0.15)
    let back = await withCheckedContinuation { continuation in
      let probe = PoolProbe { continuation.resume(returning: DispatchTime.now()) }
      #expect(!probe.isBack)
      // Kept alive until it is back.
      Self.sent = probe
    }
    #expect(Self.sent?.isBack == true)
    #expect(
      hold.letGo.map { back >= $0 } == true,
      "the probe came back while the pool was still busy with the work before it")
    hold.wait()
  }

  @Test func aCancelledProbeNeverCallsBack() async throws {
    let calledBack = CalledBack()
    let probe = PoolProbe { calledBack.value = true }
    probe.cancel()
    // Long enough for its three trips, several times over.
    try await Task.sleep(nanoseconds: 50_000_000)
    await MainQueue.drain()
    #expect(!calledBack.value)
    #expect(!probe.isBack)
  }

  /// The probe of the first test, held until it is back.
  static var sent: PoolProbe?

  @MainActor final class CalledBack {
    var value = false
  }
}

/// Every thread of the cooperative pool held for a while, as work that computes would.
final class PoolHold: @unchecked Sendable {
  // Sendable because `released` is only read and written with `lock` held.
  private let lock = Lock()
  private var released: DispatchTime?
  private let done = DispatchSemaphore(value: 0)
  private let threads = max(ProcessInfo.processInfo.activeProcessorCount, 2)

  /// Holds each of the pool's threads for `seconds`; returns once they are all held.
  init(seconds: Double) {
    let started = DispatchSemaphore(value: 0)
    for _ in 0..<threads {
      Task.detached { [self] in
        started.signal()
        Self.block(seconds: seconds)
        lock.withLock { released = released ?? DispatchTime.now() }
        done.signal()
      }
    }
    for _ in 0..<threads { started.wait() }
  }

  /// When the first thread was let go, if one has been.
  var letGo: DispatchTime? { lock.withLock { released } }

  /// Blocks the calling thread for `seconds`.
  private static func block(seconds: Double) { Thread.sleep(forTimeInterval: seconds) }

  /// Waits until every thread is let go.
  func wait() {
    for _ in 0..<threads { done.wait() }
  }
}
