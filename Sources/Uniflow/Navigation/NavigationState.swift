import IssueReporting

/// A flow's navigation as plain state: the routes pushed over the root screen, and the
/// route presented over them. A flow's `State` conforms, so a test compares the whole
/// navigation with `==` and a deep link is a value.
///
/// ```swift
/// struct State: NavigationState, Equatable {
///   var path: [Route] = []
///   var modal: Route?
/// }
///
/// func reduce(state: inout State, mutation: Mutation) {
///   switch mutation {
///   case .navigation(let action): state.apply(action)
///   }
/// }
/// ```
public protocol NavigationState {
  /// What a screen of the flow is, as a value: `.product(id: 12)`.
  associatedtype Route: Hashable
  /// The routes pushed over the root screen, bottom first; empty at the root.
  var path: [Route] { get set }
  /// The route presented over the stack, if any.
  var modal: Route? { get set }
}

extension NavigationState {
  /// Carries out `action` with the same rules in every flow: presenting replaces the modal,
  /// `setPath` replaces the stack, `popToRoot` at the root does nothing.
  ///
  /// An action that cannot be carried out leaves the state as it was and is reported as an
  /// issue, naming the action and the path: a test fails, the app shows a runtime warning
  /// and goes on. Those are a `pop` with an empty stack, a `didPop(toDepth:)` below zero or
  /// above the stack's depth, and a `dismiss` or `didDismiss` with no modal. (A `didPop`
  /// to the depth the stack already has is the system confirming it, and does nothing.)
  ///
  /// ```swift
  /// state.apply(.push(.product(id: 12)))   // path == [.product(id: 12)]
  /// state.apply(.didPop(toDepth: 0))       // path == []
  /// state.apply(.pop)                      // path == [], and an issue: nothing to pop
  /// ```
  public mutating func apply(
    _ action: NavigationAction<Route>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    func refuse(_ why: String) {
      let shownAction: String = "\(action)".shownInMessage()
      let shownPath: String = "\(path)".shownInMessage()
      let shownModal: String = modal.map { "`" + "\($0)".shownInMessage() + "`" } ?? "none"
      let message =
        "`\(shownAction)` \(why), so it was ignored. The path is \(shownPath), the modal "
        + "\(shownModal)."
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    switch action {
    case .push(let route):
      path.append(route)
    case .pop:
      guard !path.isEmpty else { return refuse("has no route to pop") }
      path.removeLast()
    case .popToRoot:
      if !path.isEmpty { path.removeAll() }
    case .setPath(let routes):
      path = routes
    case .present(let route):
      modal = route
    case .dismiss, .didDismiss:
      guard modal != nil else { return refuse("has no modal to dismiss") }
      modal = nil
    case .didPop(let depth):
      guard depth >= 0, depth <= path.count else {
        return refuse("goes past the stack, whose depth is \(path.count)")
      }
      if depth < path.count { path.removeLast(path.count - depth) }
    }
  }
}
