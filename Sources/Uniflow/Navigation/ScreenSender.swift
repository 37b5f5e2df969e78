/// Which of a flow's screens sent a report, as the flow hears it: the screen's own id,
/// which no other screen of the flow shares, and where the screen is when its report
/// arrives. Two screens of equal routes (`[.item(1), .item(1)]`) are told apart by it.
///
/// ```swift
/// ChildScreen(record, transitionItem: record.$transitionItem.compactMap { $0 }) { _, sender in
///   // Close this screen, and whatever was pushed over it since.
///   sender.index.map { .navigation(.didPop(toDepth: $0)) }
/// }
/// ```
public struct ScreenSender: Hashable, Sendable {
  /// The screen's id: one per screen the flow made, never reused.
  public let id: ScreenID
  /// The screen's index in the flow's path when the report arrived (0 is the first route
  /// pushed); `nil` for the root screen and the modal.
  public let index: Int?
  /// Whether the screen is the modal.
  public let isModal: Bool

  package init(id: ScreenID, index: Int?, isModal: Bool) {
    self.id = id
    self.index = index
    self.isModal = isModal
  }
}

/// The identity of one screen a flow made: a screen keeps it from the moment its route
/// enters the stack until it leaves, wherever the route moves meanwhile. The same route
/// pushed twice makes two screens with two ids.
///
/// ```swift
/// let id = flow.screens.id(at: 0)   // the first pushed route's screen
/// ```
public struct ScreenID: Hashable, Sendable, CustomStringConvertible {
  let number: UInt64

  init(number: UInt64) { self.number = number }

  public var description: String { "screen #\(number)" }
}
