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
}

/// What holds a ``ScreenLedger``: the testers' freed check finds it in the object under test.
package protocol ScreenLedgerHolding: AnyObject {
  var screenLedger: ScreenLedger { get }
}
