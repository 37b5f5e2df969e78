import Foundation
import Testing
@testable import Uniflow
@testable import UniflowTesting

/// The seam between the runtime and the testers: the runtime knows only
/// `WorkWatcher`; the testers install theirs, once, when the first of them starts.
@MainActor
@Suite struct WorkWatcherTests {
  /// What a watcher that was not the testers' would be: never installed while theirs is.
  private final class OtherWatcher: WorkWatcher {
    func scopesOfCurrentWork() -> [WatchScope] { [] }
    var watchesHops: Bool { false }
    func scheduled(_ hop: any PendingHop) {}
    func started(_ hop: any PendingHop) {}
    func ran(_ hop: any PendingHop) {}
    func beganCall(site: String, cancel: @escaping @Sendable () -> Void) -> CallToken? { nil }
    func endedCall(_ token: CallToken) {}
    func delivering<Result>(for scopes: [WatchScope], _ body: () throws -> Result) rethrows
      -> Result
    { try body() }
    @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
    var explorationExecutor: (any TaskExecutor)? { nil }
  }

  @Test func aTesterInstallsTheWatcherTheRuntimeReportsTo() throws {
    let scope = try #require(CallsInFlight.shared.openScope())
    defer { CallsInFlight.shared.close(scope) }
    #expect(Instrumentation.watcher is InFlightWatcher)
  }

  @Test func aSecondInstallKeepsTheWatcherInstalledFirst() throws {
    InFlightWatcher.install()
    let first = try #require(Instrumentation.watcher)
    let kept = Instrumentation.install { OtherWatcher() }
    #expect(kept === first)
    #expect(Instrumentation.watcher === first)
  }

  @Test func workTheRuntimeSchedulesWhileATesterWatchesReachesTheTestersRegistry() async throws {
    let scope = try #require(CallsInFlight.shared.openScope())
    let watch = MainActorHops.shared.watch(scope: scope) {}
    defer {
      MainActorHops.shared.stopWatching(watch)
      CallsInFlight.shared.close(scope)
    }
    let delivered = Recorder<Int>()
    let cancellable = Just(1).delay(for: .milliseconds(50), scheduler: DispatchQueue.global())
      .sink { delivered.append($0) }
    // The runtime's TrackedScheduler handed the delay to the watcher, which counts it in
    // this test's scope until it has delivered.
    #expect(MainActorHops.shared.hasWaiting(for: scope))
    try await waitUntil { !MainActorHops.shared.hasWaiting(for: scope) }
    #expect(delivered.values == [1])
    cancellable.cancel()
  }

  /// Waits, up to five seconds, until `condition` holds.
  private func waitUntil(_ condition: () -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(5)
    while !condition() {
      try #require(clock.now < deadline, "the delay never delivered")
      try await Task.sleep(for: .milliseconds(5))
    }
  }
}
