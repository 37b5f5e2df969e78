#if canImport(UIKit) && !os(watchOS)
  import UIKit

  /// Keeps a `UINavigationController` in step with a flow: its view controllers are the
  /// root one and one per route of the flow's `path`, made by the app's function; when the
  /// user goes back (the back button, the swipe), the flow is sent
  /// ``NavigationAction/didPop(toDepth:)``, so its state never disagrees with the screen.
  ///
  /// ```swift
  /// let navigation = UINavigationController(rootViewController: listViewController)
  /// driver = NavigationControllerDriver(
  ///   navigationController: navigation, flow: flow, send: ShopFlow.Action.navigation
  /// ) { route in
  ///   switch route {
  ///   case .product(let id): ProductDetailViewController(viewModel: flow.screens.screen(…))
  ///   }
  /// }
  /// ```
  ///
  /// The driver is the navigation controller's delegate; keep it as long as the controller.
  /// A route that stays where it was keeps its view controller.
  @MainActor
  public final class NavigationControllerDriver<Flow: Reactor>: NSObject,
    UINavigationControllerDelegate
  where Flow.State: NavigationState {
    public typealias Route = Flow.State.Route

    private weak var navigationController: UINavigationController?
    private weak var flow: Flow?
    private let send: (NavigationAction<Route>) -> Flow.Action
    private let make: (Route) -> UIViewController
    private var pushed: [(route: Route, controller: UIViewController)] = []
    private var following: AnyCancellable?

    /// Drives `navigationController` from `flow`: its first view controller stays as the
    /// root, and `make` makes the one of each route.
    public init(
      navigationController: UINavigationController, flow: Flow,
      send: @escaping (NavigationAction<Route>) -> Flow.Action,
      make: @escaping (Route) -> UIViewController
    ) {
      self.navigationController = navigationController
      self.flow = flow
      self.send = send
      self.make = make
      super.init()
      navigationController.delegate = self
      following = flow.state.sink { [weak self] state in self?.follow(state.path) }
    }

    private func follow(_ path: [Route]) {
      guard let navigationController else { return }
      // The same rules as the flow's screens: a route that stays keeps its view controller,
      // wherever it moves.
      let survivors = RouteMatching.survivors(from: pushed.map(\.route), to: path)
      let old = pushed
      pushed = path.enumerated().map { index, route in
        survivors[index].map { old[$0] } ?? (route: route, controller: make(route))
      }
      let root = navigationController.viewControllers.first.map { [$0] } ?? []
      let controllers = root + pushed.map(\.controller)
      guard controllers != navigationController.viewControllers else { return }
      navigationController.setViewControllers(
        controllers, animated: navigationController.viewIfLoaded?.window != nil)
    }

    public func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController,
      animated: Bool
    ) {
      // What the user popped by themselves: fewer view controllers than routes.
      guard let flow else { return }
      let depth = max(0, navigationController.viewControllers.count - 1)
      let path = flow.currentState.path
      guard depth < path.count else { return }
      pushed.removeLast(pushed.count - min(depth, pushed.count))
      if let change = NavigationAction.change(from: path, to: Array(path.prefix(depth))) {
        flow.send(send(change))
      }
    }
  }
#endif
