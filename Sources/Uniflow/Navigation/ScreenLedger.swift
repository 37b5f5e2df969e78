/// A weak record of every screen a ``ChildScreens`` made, with its route, which outlives
/// the flow: the testers' freed check reads it to find screens that live on after their
/// route, or their flow, is gone.
package final class ScreenLedger: @unchecked Sendable {
  // Unchecked only because the screens and their descriptions need not be Sendable: the
  // entries are reached only through `screens`' lock.
  private struct Entry {
    weak var screen: AnyObject?
    /// Describes the screen ("`Type` for route `route`"), only when a message needs it.
    let describe: (AnyObject) -> String

    /// The screen and its description, while it is alive.
    var alive: (screen: AnyObject, description: String)? {
      screen.map { ($0, describe($0)) }
    }
  }

  private struct Screens {
    var made: [Entry] = []
    /// The screens whose route left the flow (see ``noteLeft(_:describedBy:)``).
    var left: [Entry] = []
  }
  private let screens = Locked(Screens())

  package init() {}

  /// Notes `screen`; `describe` names it, with its route, when a message needs it.
  func note(_ screen: AnyObject, describedBy describe: @escaping (AnyObject) -> String) {
    let entry = Entry(screen: screen, describe: describe)
    screens.withLock {
      // Freed screens are forgotten now and then, so a long session keeps it short.
      if $0.made.count >= 64 { $0.made.removeAll { $0.screen == nil } }
      $0.made.append(entry)
    }
  }

  /// The screens still alive, each as "`Type` for route `route`", oldest first.
  package var alive: [String] { aliveScreens.map(\.description) }

  /// The screens still alive, each with its description, oldest first.
  package var aliveScreens: [(screen: AnyObject, description: String)] {
    screens.withLock { $0.made.compactMap(\.alive) }
  }

  /// Notes that `screen`'s route left its flow; `describe` names it as ``alive`` does.
  func noteLeft(_ screen: AnyObject, describedBy describe: @escaping (AnyObject) -> String) {
    screens.withLock { $0.left.append(Entry(screen: screen, describe: describe)) }
  }

  /// The screens whose route left that are still alive, oldest first; those freed are
  /// forgotten. Usually empty, so a flow can ask after every step, however deep its stack.
  func aliveAfterLeaving() -> [(screen: AnyObject, description: String)] {
    screens.withLock {
      $0.left.removeAll { $0.screen == nil }
      return $0.left.compactMap(\.alive)
    }
  }
}

/// What holds a ``ScreenLedger``: the testers' freed check finds it in the object under test.
package protocol ScreenLedgerHolding: AnyObject {
  var screenLedger: ScreenLedger { get }
}
