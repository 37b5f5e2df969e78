import Uniflow

/// The testers' side of the runtime's seam (`WorkWatcher`): what the runtime reports goes
/// to the registries here, ``CallsInFlight`` for `TaskPublisher` calls and
/// ``MainActorHops`` for hops and scheduled work, and an effect's task starts on the
/// exploration's ``SimulatedExecutor`` when the current task runs in one.
///
/// Installed by the first tester, flow tester or exploration to start (``install()``); an
/// app that never runs one pays an atomic load at each of the runtime's points, and nothing
/// else.
///
/// ```swift
/// InFlightWatcher.install()   // in a tester's init, before it opens its scope
/// ```
final class InFlightWatcher: WorkWatcher {
  /// Installs the watcher, once for the process.
  static func install() {
    Instrumentation.install { InFlightWatcher() }
  }

  func scopesOfCurrentWork() -> [WatchScope] {
    CallsInFlight.shared.scopesOfCurrentTask()
  }

  var watchesHops: Bool { MainActorHops.shared.isWatched }

  func scheduled(_ hop: any PendingHop) {
    MainActorHops.shared.scheduled(hop)
  }

  func started(_ hop: any PendingHop) {
    MainActorHops.shared.started(hop)
  }

  func ran(_ hop: any PendingHop) {
    MainActorHops.shared.ran(hop)
  }

  func beganCall(site: String, cancel: @escaping @Sendable () -> Void) -> CallToken? {
    CallsInFlight.shared.begin(site: site, cancel: cancel)
  }

  func endedCall(_ token: CallToken) {
    CallsInFlight.shared.end(token)
  }

  func delivering<Result>(for scopes: [WatchScope], _ body: () throws -> Result) rethrows
    -> Result
  {
    try CallsInFlight.shared.withScopes(scopes, run: body)
  }

  @available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
  var explorationExecutor: (any TaskExecutor)? { SimulatedExecutor.current }
}
