/// A weak record of every screen a ``ChildScreens`` made, with its route, which outlives
/// the flow: the testers' freed check reads it to find screens that live on after their
/// route, or their flow, is gone.
package final class ScreenLedger: @unchecked Sendable {
  // Sendable because `entries` is only read and written with `lock` held.
  private struct Entry {
    weak var screen: AnyObject?
    let description: String
  }

  private let lock = Lock()
  private var entries: [Entry] = []
  /// The screens whose route left the flow (see ``noteLeft(_:as:)``).
  private var left: [Entry] = []

  package init() {}

  /// Notes `screen`, made for `route`.
  func note(_ screen: AnyObject, route: String) {
    let entry = Entry(screen: screen, description: "`\(type(of: screen))` for route `\(route)`")
    lock.withLock {
      // Freed screens are forgotten now and then, so a long session keeps it short.
      if entries.count >= 64 { entries.removeAll { $0.screen == nil } }
      entries.append(entry)
    }
  }

  /// The screens still alive, each as "`Type` for route `route`", oldest first.
  package var alive: [String] {
    lock.withLock { entries.filter { $0.screen != nil }.map(\.description) }
  }

  /// Notes that `screen`'s route left its flow; `description` is as ``alive`` gives it.
  func noteLeft(_ screen: AnyObject, as description: String) {
    lock.withLock { left.append(Entry(screen: screen, description: description)) }
  }

  /// The screens whose route left that are still alive, oldest first; those freed are
  /// forgotten. Usually empty, so a flow can ask after every step, however deep its stack.
  func aliveAfterLeaving() -> [(screen: AnyObject, description: String)] {
    lock.withLock {
      left.removeAll { $0.screen == nil }
      return left.compactMap { entry in entry.screen.map { ($0, entry.description) } }
    }
  }
}

/// What holds a ``ScreenLedger``: the testers' freed check finds it in the object under test.
package protocol ScreenLedgerHolding: AnyObject {
  var screenLedger: ScreenLedger { get }
}
