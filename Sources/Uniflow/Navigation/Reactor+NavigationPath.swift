#if canImport(SwiftUI)
  import SwiftUI

  // SwiftUI's face of a flow's stack: the rules (what a changed path means) are
  // `NavigationAction.change(from:to:)`'s, tested on every platform.
  extension Reactor where State: NavigationState {
    /// A binding for `NavigationStack(path:)`: it reads the flow's `path`, and a path the
    /// stack changed by itself (the back button, the swipe) is sent to the flow as
    /// ``NavigationAction/didPop(toDepth:)``, or as ``NavigationAction/setPath(_:)``.
    ///
    /// ```swift
    /// NavigationStack(path: flow.navigationPath(send: ShopFlow.Action.navigation)) {
    ///   ProductListView(viewModel: flow.screens.root as! ProductListViewModel)
    ///     .navigationDestination(for: ShopFlow.Route.self) { route in
    ///       ScreenView(route: route, flow: flow)
    ///     }
    /// }
    /// ```
    public func navigationPath(
      send action: @escaping (NavigationAction<State.Route>) -> Action
    ) -> Binding<[State.Route]> {
      Binding(
        get: { self.currentState.path },
        set: { path in
          if let change = NavigationAction.change(from: self.currentState.path, to: path) {
            self.send(action(change))
          }
        })
    }

    /// A binding for `.sheet(item:)`: it reads the flow's `modal`, and a sheet the user
    /// dismissed is sent to the flow as ``NavigationAction/didDismiss``.
    ///
    /// ```swift
    /// .sheet(item: flow.modalRoute(send: ShopFlow.Action.navigation)) { route in … }
    /// ```
    public func modalRoute(
      send action: @escaping (NavigationAction<State.Route>) -> Action
    ) -> Binding<State.Route?> {
      Binding(
        get: { self.currentState.modal },
        set: { route in
          if route == nil, self.currentState.modal != nil { self.send(action(.didDismiss)) }
        })
    }
  }
#endif
