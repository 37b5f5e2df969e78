/// What can happen to a flow's stack of routes: what the app asks for, and what the system
/// did by itself and reports after the fact.
///
/// A flow's `Action` holds one (`case navigation(NavigationAction<Route>)`) and its
/// `reduce` hands it to ``NavigationState/apply(_:fileID:filePath:line:column:)``:
///
/// ```swift
/// flow.send(.navigation(.push(.product(id: 12))))   // the app opens a product
/// flow.send(.navigation(.didPop(toDepth: 0)))       // the user swiped back to the list
/// ```
public enum NavigationAction<Route: Hashable>: Hashable {
  /// Pushes `route` over the stack.
  case push(Route)
  /// Pops the top route; nothing when the stack is empty.
  case pop
  /// Pops every route, back to the root screen.
  case popToRoot
  /// Replaces the whole stack: a deep link, or SwiftUI's path binding.
  case setPath([Route])
  /// Presents `route` over the stack, in place of the modal shown, if any.
  case present(Route)
  /// Dismisses the modal; nothing when none is shown.
  case dismiss
  /// The system went back to the screen at `depth` (0 is the root): the back button, the
  /// swipe, Esc. The view reports it once it happened, so the stack follows the screen.
  case didPop(toDepth: Int)
  /// The system dismissed the modal (a sheet swiped down); reported once it happened.
  case didDismiss
}

extension NavigationAction: Sendable where Route: Sendable {}
extension NavigationAction: Encodable where Route: Encodable {}
extension NavigationAction: Decodable where Route: Decodable {}

extension NavigationAction {
  /// The action that takes a stack from `old` to `new`, as a view that changed the stack by
  /// itself reports it: going back (a shorter stack that `old` starts with) is
  /// ``didPop(toDepth:)``, anything else ``setPath(_:)``; `nil` when nothing changed.
  /// SwiftUI's path binding and the UIKit driver report through it.
  ///
  /// ```swift
  /// NavigationAction.change(from: [a, b, c], to: [a])   // .didPop(toDepth: 1)
  /// NavigationAction.change(from: [a], to: [a, d])      // .setPath([a, d])
  /// ```
  public static func change(from old: [Route], to new: [Route]) -> NavigationAction? {
    if old == new { return nil }
    if new.count < old.count, Array(old.prefix(new.count)) == new {
      return .didPop(toDepth: new.count)
    }
    return .setPath(new)
  }
}
