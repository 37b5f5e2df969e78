import IssueReporting

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
/// A screen belongs to its occurrence in the path, not to its position: when routes are
/// removed, inserted or reordered, every route that stays keeps its screen, with its state
/// and its work in flight (see `RouteMatching` for the rules), and the same route pushed
/// twice is two screens. The screens that leave are let go of, top first.
///
/// Screens may report from any thread; the flow hears them on the main actor, in order. A
/// report that arrives after its screen left is dropped and reported as an issue (a test
/// failure in a test, a runtime warning in the app), with the route and the path. A tester
/// made with `ReactorTester { … }` counts what the screens have in flight (their reports on
/// the way, a reactor's effects), waits for it in `receive`, names it at `finish()`, and
/// checks at the end that every screen the flow made is freed.
@MainActor
public final class ChildScreens<Flow: Reactor> where Flow.State: NavigationState {
  /// The flow's route type.
  public typealias Route = Flow.State.Route

  /// One screen the flow made, for as long as its route is in the flow's state.
  private final class Entry {
    let id: ScreenID
    /// The route; `nil` for the root screen.
    let route: Route?
    let screen: AnyObject
    /// "`Type` for route `route`", for messages: written only when a message needs it,
    /// since describing a route costs far more than following it.
    var name: String { Self.name(of: screen, route: route) }
    /// Carries the screen's reports to the main actor; `nil` for a screen that asks nothing
    /// or whose object another entry already follows.
    var inbox: MainActorInbox<(ScreenSender) -> Flow.Action?>?
    var subscription: AnyCancellable?

    init(id: ScreenID, route: Route?, screen: AnyObject) {
      self.id = id
      self.route = route
      self.screen = screen
    }

    /// "`Type` for route `route`", or "for route `root`" for the root screen.
    static func name(of screen: AnyObject, route: Route?) -> String {
      "`\(type(of: screen))` for route `\(routeText(route))`"
    }

    /// The route as a message shows it.
    static func routeText(_ route: Route?) -> String {
      guard let route else { return "root" }
      return "\(route)".shownInMessage()
    }

    /// Stops hearing the screen: its route left the flow's state.
    func leave() {
      // Released, the subscription cancels itself.
      subscription = nil
    }
  }

  private var make: ((Route) -> ChildScreen<Flow.Action>)?
  private var rootEntry: Entry?
  private var stack: [Entry] = []
  /// The routes of `stack`, in the same order: compared with each new path as they are,
  /// since reading each entry's optional route costs a generic look-up per screen.
  private var stackRoutes: [Route] = []
  private var presented: Entry?
  /// Screens that left with a report still on its way: kept until it arrives, so that it
  /// counts as in flight and is reported when it does.
  private var departed: [Entry] = []
  private var following: AnyCancellable?
  private var madeScreens: UInt64 = 0
  private weak var flow: Flow?
  package let screenLedger = ScreenLedger()
  /// The `ChildScreens` of the screens that are flows themselves, weak: found once, when
  /// each screen is made.
  private var nestedReporters: [WeakWorkReporter] = []
  /// Where the flow's issues go while a tester watches it: the tester reports them at its
  /// next step, in the test. `nil` in the app, where they are runtime warnings.
  package var issueHandler: ((String) -> Void)?

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
    // Testers find the screens' work through the flow's runtime.
    flow.runtime.register(workReporter: self)
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

  /// The id of the screen of the route at `index` of the path; `nil` when there is none.
  ///
  /// ```swift
  /// let below = flow.screens.id(at: 0)
  /// flow.send(.navigation(.setPath([.item(2), .item(1)])))
  /// flow.screens.id(at: 1) == below   // the screen moved with its route
  /// ```
  public func id(at index: Int) -> ScreenID? {
    stack.indices.contains(index) ? stack[index].id : nil
  }

  /// The index in the path of the screen `id`; `nil` when it is not on the stack.
  public func index(of id: ScreenID) -> Int? {
    stack.firstIndex { $0.id == id }
  }

  /// The screen on top of the stack (the root's when the stack is empty), under the modal.
  public var top: AnyObject? { stack.last?.screen ?? rootEntry?.screen }

  /// The presented route's screen, if any.
  public var modal: AnyObject? { presented?.screen }

  private func follow(_ state: Flow.State) {
    let path = state.path
    let common = min(path.count, stack.count)
    if stackRoutes[..<common] == path[..<common] {
      // The usual moves: pushes (routes added on top) or pops (routes gone from the top),
      // with no screen to match: the top leaves first, as a navigation stack pops.
      while stack.count > path.count { leave(stack.removeLast()) }
      stack.reserveCapacity(path.count)  // uniflow-mutate: ignore only the allocator can tell
      for index in stack.count..<path.count {
        stack.append(entry(for: makeScreen(path[index]), route: path[index]))
      }
      stackRoutes = path
    } else {
      // Plain loops, no closures: this runs on every change of the path, and the flow's
      // generic code is not specialised for the app's routes, so each closure call and
      // each generic helper costs a look-up (measured in Benchmarks: the deep flow).
      let survivors = RouteMatching.survivors(from: stackRoutes, to: path)
      var kept = [Bool](repeating: false, count: stack.count)
      for case let survivor? in survivors { kept[survivor] = true }
      // Those that leave go first, top first, as a navigation stack pops.
      var index = stack.count
      while index > 0 {
        index -= 1
        if !kept[index] { leave(stack[index]) }
      }
      // Built in place: a screen made for a route sees those before it as live.
      let old = stack
      stack = []
      stack.reserveCapacity(path.count)  // uniflow-mutate: ignore only the allocator can tell
      for index in 0..<path.count {
        if let survivor = survivors[index] {
          stack.append(old[survivor])
        } else {
          stack.append(entry(for: makeScreen(path[index]), route: path[index]))
        }
      }
      stackRoutes = path
    }
    if presented?.route != state.modal {
      if let presented { leave(presented) }
      presented = nil
      if let route = state.modal { presented = entry(for: makeScreen(route), route: route) }
    }
  }

  private func leave(_ entry: Entry) {
    entry.leave()
    screenLedger.noteLeft(entry.screen) { [route = entry.route] screen in
      Entry.name(of: screen, route: route)
    }
    if entry.inbox?.hasPending == true { departed.append(entry) }
  }

  private func makeScreen(_ route: Route) -> ChildScreen<Flow.Action> {
    guard let make else { preconditionFailure("ChildScreens is not attached to its flow.") }
    return make(route)
  }

  private var liveEntries: [Entry] {
    (rootEntry.map { [$0] } ?? []) + stack + (presented.map { [$0] } ?? [])
  }

  private func entry(for child: ChildScreen<Flow.Action>, route: Route?) -> Entry {
    madeScreens += 1
    let entry = Entry(id: ScreenID(number: madeScreens), route: route, screen: child.screen)
    screenLedger.note(child.screen) { screen in Entry.name(of: screen, route: route) }
    for nested in Self.nestedFlows(in: child.screen) ?? [] {
      nestedReporters.append(WeakWorkReporter(object: nested))
    }
    if let flow, let executor = flow.runtime.effectExecutor,
      let screen = child.screen as? any Reactor
    {
      // A tester runs the flow's effects on its own executor; the screens' run there too.
      Self.share(executor, with: screen)
    }
    guard let reports = child.reports else { return entry }
    if let other = liveEntries.first(where: { $0.screen === child.screen && $0.inbox != nil }) {
      // Its reports already reach the flow through the other entry; following it twice
      // would handle each report twice.
      report(
        "The screen object made for route `\(Entry.routeText(route))` is already "
          + "the screen of \(other.name): one object for two routes would report twice, so "
          + "its reports reach the flow once, from the first. Make a screen per route.")
      return entry
    }
    let screen = child.screen
    let inbox = MainActorInbox<(ScreenSender) -> Flow.Action?> {
      [weak self, weak entry, weak screen] report in
      self?.deliver(report, from: entry) {
        screen.map { Entry.name(of: $0, route: route) }
          ?? "a screen for route `\(Entry.routeText(route))`"
      }
    }
    entry.inbox = inbox
    entry.subscription = Self.forward(reports, to: inbox)
    return entry
  }

  /// Subscribes outside the main actor's isolation: a screen may send on any thread (a
  /// stream's output arrives on its task's), and the inbox hops.
  private nonisolated static func forward(
    _ reports: AnyPublisher<(ScreenSender) -> Flow.Action?, Never>,
    to inbox: MainActorInbox<(ScreenSender) -> Flow.Action?>
  ) -> AnyCancellable {
    reports.sink { @Sendable report in inbox.send(report) }
  }

  private func deliver(
    _ makeAction: (ScreenSender) -> Flow.Action?, from entry: Entry?, name: () -> String
  ) {
    guard let flow else { return }
    departed.removeAll { $0.inbox?.hasPending != true }
    guard let entry, entry.subscription != nil, let sender = sender(for: entry) else {
      let state = flow.currentState
      let path: String = "\(state.path)".shownInMessage()
      let modal: String = state.modal.map { "`" + "\($0)".shownInMessage() + "`" } ?? "none"
      var message = "A report from \(name()) reached the flow after the screen left it; it was "
      message += "dropped. The path is now \(path), the modal \(modal). A screen that reports "
      message += "after its work ends should end that work when it is let go of."
      report(message)
      return
    }
    guard let action = makeAction(sender) else { return }
    guard let issueHandler else {
      flow.send(action)
      return
    }
    // A report may arrive in a hop to the main actor, outside the test's task, where an
    // issue the flow reports (a pop past the stack) would reach no test: the tester takes
    // it instead.
    let collector = IssueCollector()
    withIssueReporters([collector]) { flow.send(action) }
    for message in collector.messages { issueHandler(message) }
  }

  /// Reports a misuse: to the tester watching, or as an issue.
  private func report(_ message: String) {
    if let issueHandler { issueHandler(message) } else { reportIssue(message) }
  }

  private func sender(for entry: Entry) -> ScreenSender? {
    if entry === rootEntry { return ScreenSender(id: entry.id, index: nil, isModal: false) }
    if entry === presented { return ScreenSender(id: entry.id, index: nil, isModal: true) }
    guard let index = stack.firstIndex(where: { $0 === entry }) else { return nil }
    return ScreenSender(id: entry.id, index: index, isModal: false)
  }
}

extension ChildScreens: ScreenLedgerHolding {}

extension ChildScreens: WorkInFlightReporting {
  /// What the flow's screens have in flight, each named with its route: reports on their
  /// way to the flow, and a reactor screen's running effects and actions on their way.
  package var workInFlight: [String] {
    let late = departed.filter { $0.inbox?.hasPending == true }.map {
      "a report from \($0.name), sent before the screen left, on its way to the flow"
    }
    return late
      + liveEntries.flatMap { entry -> [String] in
        var work: [String] = []
        if entry.inbox?.hasPending == true {
          work.append("a report from \(entry.name), on its way to the flow")
        }
        if let reactor = entry.screen as? any Reactor {
          work += Self.work(of: reactor).map { "\($0) of \(entry.name)" }
        }
        if let flow = Self.nestedFlows(in: entry.screen) {
          work += flow.flatMap(\.workInFlight)
        }
        return work
      }
  }

  /// Hands the flow, now, the reports waiting for their hop to the main actor, in the
  /// order they were sent; the hop then finds none. A tester calls it each time it looks,
  /// so that what it waits for does not depend on when the main actor runs the hop.
  package func deliverPending() {
    for entry in departed + liveEntries { entry.inbox?.drainNow() }
    for screen in liveEntries.map(\.screen) {
      for flow in Self.nestedFlows(in: screen) ?? [] { flow.deliverPending() }
    }
  }

  /// The screens this flow (or a flow nested in one of its screens) made that are still
  /// alive though the flow no longer holds them: their route left, and no report of theirs
  /// is on its way. Each with its description, "`Type` for route `route`".
  package var screensThatLeft: [(screen: AnyObject, description: String)] {
    var found: [(screen: AnyObject, description: String)] = []
    let alive = screenLedger.aliveAfterLeaving()
    if !alive.isEmpty {
      // A screen may have come back (one object for two routes): held again, it has not
      // left.
      let held = Set((departed + liveEntries).map { ObjectIdentifier($0.screen) })
      found = alive.filter { !held.contains(ObjectIdentifier($0.screen)) }
    }
    // The boxes of nested flows already freed are forgotten: they report nothing.
    nestedReporters = nestedReporters.filter { $0.object != nil }
    return found + nestedReporters.flatMap { $0.object?.screensThatLeft ?? [] }
  }

  /// Cancels the running effects of the screens that are reactors, and of nested flows';
  /// returns how many there were. A tester's `skipInFlightEffects()` calls it.
  package func cancelWork() -> Int {
    var cancelled = 0
    for entry in liveEntries {
      if let reactor = entry.screen as? any Reactor { cancelled += Self.cancelEffects(of: reactor) }
      for flow in Self.nestedFlows(in: entry.screen) ?? [] { cancelled += flow.cancelWork() }
    }
    return cancelled
  }

  private static func share<Screen: Reactor>(_ executor: AnyObject, with reactor: Screen) {
    reactor.runtime.effectExecutor = executor
  }

  private static func cancelEffects<Screen: Reactor>(of reactor: Screen) -> Int {
    let running = reactor.runtime.runningEffectCount
    reactor.runtime.cancelAllEffects()
    return running
  }

  private static func work<Screen: Reactor>(of reactor: Screen) -> [String] {
    var work: [String] = []
    let running = reactor.runtime.runningEffectCount
    if running > 0 { work.append("\(running) running effect(s)") }
    if reactor.runtime.hasActionOnItsWay { work.append("an action on its way") }
    return work
  }

  /// The screens of a screen that is itself a flow, as its runtime registered them.
  private static func nestedFlows(in screen: AnyObject) -> [any WorkInFlightReporting]? {
    guard let reactor = screen as? any Reactor else { return nil }
    let found = reporters(of: reactor)
    return found.isEmpty ? nil : found
  }

  private static func reporters<Screen: Reactor>(of reactor: Screen)
    -> [any WorkInFlightReporting]
  {
    reactor.runtime.workReporters
  }
}

/// What counts the work an object has in flight for the testers: what may still reach the
/// object under test without the test doing anything more.
@MainActor
package protocol WorkInFlightReporting: AnyObject {
  /// The screens made for routes that have left, still alive (see
  /// ``ChildScreens/screensThatLeft``).
  var screensThatLeft: [(screen: AnyObject, description: String)] { get }
  /// Each piece of work in flight, described for a message; empty when there is none.
  var workInFlight: [String] { get }
  /// Where the object's issues go while a tester watches it.
  var issueHandler: ((String) -> Void)? { get set }
  /// Delivers, now, what is waiting for a hop to the main actor.
  func deliverPending()
  /// Cancels the work it can (a reactor screen's effects); returns how much there was.
  func cancelWork() -> Int
}
