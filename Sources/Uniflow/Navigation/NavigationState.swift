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
  /// Carries out `action` with the same rules in every flow: popping an empty stack and
  /// dismissing no modal do nothing, a ``NavigationAction/didPop(toDepth:)`` that is not
  /// above the stack's depth does nothing, presenting replaces the modal.
  ///
  /// ```swift
  /// state.apply(.push(.product(id: 12)))   // path == [.product(id: 12)]
  /// state.apply(.didPop(toDepth: 0))       // path == []
  /// ```
  public mutating func apply(_ action: NavigationAction<Route>) {
    switch action {
    case .push(let route):
      path.append(route)
    case .pop:
      if !path.isEmpty { path.removeLast() }
    case .popToRoot:
      if !path.isEmpty { path.removeAll() }
    case .setPath(let routes):
      path = routes
    case .present(let route):
      modal = route
    case .dismiss, .didDismiss:
      if modal != nil { modal = nil }
    case .didPop(let depth):
      guard depth >= 0, depth < path.count else { return }
      path.removeLast(path.count - depth)
    }
  }
}
