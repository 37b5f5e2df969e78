/// A weak record of every screen a ``ChildScreens`` made, with its route, which outlives
/// the flow: the testers' freed check reads it to find screens that live on after their
/// route, or their flow, is gone.
package final class ScreenLedger: @unchecked Sendable {
  // Sendable because `entries` is only read and written with `lock` held.
  private struct Entry {
    weak var screen: AnyObject?
    /// Describes the screen ("`Type` for route `route`"), only when a message needs it.
    let describe: (AnyObject) -> String

    /// The screen described, while it is alive.
    var description: String? { screen.map(describe) }
  }

  private let lock = Lock()
  private var entries: [Entry] = []
  /// The screens whose route left the flow (see ``noteLeft(_:as:)``).
  private var left: [Entry] = []

  package init() {}

  /// Notes `screen`; `describe` names it, with its route, when a message needs it.
  func note(_ screen: AnyObject, describedBy describe: @escaping (AnyObject) -> String) {
    let entry = Entry(screen: screen, describe: describe)
    lock.withLock {
      // Freed screens are forgotten now and then, so a long session keeps it short.
      if entries.count >= 64 { entries.removeAll { $0.screen == nil } }
      entries.append(entry)
    }
  }

  /// The screens still alive, each as "`Type` for route `route`", oldest first.
  package var alive: [String] { aliveScreens.map(\.description) }

  /// The screens still alive, each with its description, oldest first.
  package var aliveScreens: [(screen: AnyObject, description: String)] {
    lock.withLock { entries.compactMap { entry in entry.screen.map { ($0, entry.describe($0)) } } }
  }

  /// Notes that `screen`'s route left its flow; `describe` names it as ``alive`` does.
  func noteLeft(_ screen: AnyObject, describedBy describe: @escaping (AnyObject) -> String) {
    lock.withLock { left.append(Entry(screen: screen, describe: describe)) }
  }

  /// The screens whose route left that are still alive, oldest first; those freed are
  /// forgotten. Usually empty, so a flow can ask after every step, however deep its stack.
  func aliveAfterLeaving() -> [(screen: AnyObject, description: String)] {
    lock.withLock {
      left.removeAll { $0.screen == nil }
      return left.compactMap { entry in entry.screen.map { ($0, entry.describe($0)) } }
    }
  }
}

/// What holds a ``ScreenLedger``: the testers' freed check finds it in the object under test.
package protocol ScreenLedgerHolding: AnyObject {
  var screenLedger: ScreenLedger { get }
}
