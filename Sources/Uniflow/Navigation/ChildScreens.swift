/// The screens of a flow, one per route: made by the flow's function when a route enters
/// the stack (or becomes the modal), let go of when it leaves. Each screen's
/// `transitionItem` reaches the flow as the actions its ``ChildScreen`` maps it to.
///
/// A flow declares it and attaches it at the end of its initializer:
///
/// ```swift
/// final class ShopFlow: Reactor {
///   enum Route: Hashable { case product(id: Int) }
///   enum Action { case navigation(NavigationAction<Route>) }
///   struct State: NavigationState, Equatable {
///     var path: [Route] = []
///     var modal: Route?
///   }
///
///   let initialState = State()
///   let runtime = ReactorRuntime<ShopFlow>()
///   let screens = ChildScreens<ShopFlow>()
///
///   init(repository: ProductRepository) {
///     let list = ProductListViewModel(repository: repository)
///     screens.attach(
///       to: self,
///       root: ChildScreen(list, transitionItem: list.$transitionItem.compactMap { $0 }) {
///         .navigation(.push(.product(id: $0.id)))
///       },
///       make: { route in
///         switch route {
///         case .product(let id): ChildScreen(ProductDetailViewModel(productID: id, repository: repository))
///         }
///       })
///   }
///
///   func reduce(state: inout State, mutation: Action) {
///     switch mutation {
///     case .navigation(let action): state.apply(action)
///     }
///   }
/// }
/// ```
///
/// The screens follow the flow's state: a route that stays where it was keeps its screen,
/// and every screen above the first route that changed is let go of, top first. A tester
/// made with `ReactorTester { … }` checks at the end that every screen the flow made is
/// freed, and names the ones that are not, with their routes.
@MainActor
public final class ChildScreens<Flow: Reactor> where Flow.State: NavigationState {
  /// The flow's route type.
  public typealias Route = Flow.State.Route

  private struct Entry {
    /// The route; `nil` for the root screen.
    let route: Route?
    let screen: AnyObject
    /// The subscription to the screen's transition items.
    let actions: AnyCancellable?
  }

  private var make: ((Route) -> ChildScreen<Flow.Action>)?
  private var rootEntry: Entry?
  private var stack: [Entry] = []
  private var presented: Entry?
  private var following: AnyCancellable?
  private weak var flow: Flow?
  package let screenLedger = ScreenLedger()

  /// Screens for a flow, made once the flow calls ``attach(to:root:make:)``.
  public nonisolated init() {}

  /// Starts following `flow`'s state: `root` is the screen under the stack, and `make`
  /// makes the screen of each route that enters it. Call it once, at the end of the flow's
  /// initializer; `make` must not hold the flow strongly (`[unowned self]`).
  public func attach(
    to flow: Flow, root: ChildScreen<Flow.Action>?,
    make: @escaping (Route) -> ChildScreen<Flow.Action>
  ) {
    precondition(self.flow == nil, "ChildScreens.attach(to:root:make:) was called twice.")
    self.flow = flow
    self.make = make
    if let root { rootEntry = entry(for: root, route: nil) }
    following = flow.state.sink { [weak self] state in self?.follow(state) }
  }

  /// The screen under the stack, if the flow has one.
  public var root: AnyObject? { rootEntry?.screen }

  /// How many routes' screens are on the stack.
  public var count: Int { stack.count }

  /// The screen of the route at `index` of the path (0 is the first pushed), as `Screen`;
  /// `nil` when there is none or it is of another type.
  public func screen<Screen: AnyObject>(at index: Int, as type: Screen.Type = Screen.self)
    -> Screen?
  {
    stack.indices.contains(index) ? stack[index].screen as? Screen : nil
  }

  /// The screen on top of the stack (the root's when the stack is empty), under the modal.
  public var top: AnyObject? { stack.last?.screen ?? rootEntry?.screen }

  /// The presented route's screen, if any.
  public var modal: AnyObject? { presented?.screen }

  private func follow(_ state: Flow.State) {
    let path = state.path
    var kept = 0
    while kept < stack.count, kept < path.count, stack[kept].route == path[kept] { kept += 1 }
    while stack.count > kept { stack.removeLast() }
    for route in path[kept...] { stack.append(entry(for: makeScreen(route), route: route)) }
    if presented?.route != state.modal {
      presented = nil
      if let route = state.modal { presented = entry(for: makeScreen(route), route: route) }
    }
  }

  private func makeScreen(_ route: Route) -> ChildScreen<Flow.Action> {
    guard let make else { preconditionFailure("ChildScreens is not attached to its flow.") }
    return make(route)
  }

  private func entry(for child: ChildScreen<Flow.Action>, route: Route?) -> Entry {
    screenLedger.note(child.screen, route: route.map { "\($0)" } ?? "root")
    // A screen may ask from any thread (a stream's output); the flow hears it on the main
    // actor, in order.
    let inbox = MainActorInbox<Flow.Action> { [weak flow] action in flow?.send(action) }
    let actions = child.actions?.sink { inbox.send($0) }
    return Entry(route: route, screen: child.screen, actions: actions)
  }
}

extension ChildScreens: ScreenLedgerHolding {}
