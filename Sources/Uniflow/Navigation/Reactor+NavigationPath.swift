#if canImport(SwiftUI)
  import SwiftUI

  // SwiftUI's face of a flow's stack: the rules (what a changed path means) are
  // `NavigationAction.change(from:to:)`'s, tested on every platform. On `ObservedReactor`,
  // so that a view that reads the path is drawn again when the flow changes it.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension ObservedReactor where Reactor.State: NavigationState {
    /// A binding for `NavigationStack(path:)`: it reads the flow's `path`, and a path the
    /// stack changed by itself (the back button, the swipe) is sent to the flow as
    /// ``NavigationAction/didPop(toDepth:)``, or as ``NavigationAction/setPath(_:)``.
    ///
    /// ```swift
    /// @State var flow = ObservedReactor(ShopFlow())
    ///
    /// NavigationStack(path: flow.navigationPath(send: ShopFlow.Action.navigation)) {
    ///   ProductListView(viewModel: flow.reactor.list)
    ///     .navigationDestination(for: ShopFlow.Route.self) { route in … }
    /// }
    /// ```
    public func navigationPath(
      send action: @escaping (NavigationAction<Reactor.State.Route>) -> Reactor.Action
    ) -> Binding<[Reactor.State.Route]> {
      // SwiftUI's `Binding` takes `@isolated(any) @Sendable` closures, which do not take the
      // main actor from their context: each says it, or it could not read the flow.
      Binding(
        get: { @MainActor in self[dynamicMember: \.path] },
        set: { @MainActor path in
          let reactor = self.reactor
          if let change = NavigationAction.change(from: reactor.currentState.path, to: path) {
            reactor.send(action(change))
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
      send action: @escaping (NavigationAction<Reactor.State.Route>) -> Reactor.Action
    ) -> Binding<Reactor.State.Route?> {
      Binding(
        get: { @MainActor in self[dynamicMember: \.modal] },
        set: { @MainActor route in
          let reactor = self.reactor
          if route == nil, reactor.currentState.modal != nil { reactor.send(action(.didDismiss)) }
        })
    }
  }
#endif
