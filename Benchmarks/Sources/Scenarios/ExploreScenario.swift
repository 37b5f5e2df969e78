import PropertyBased
import Uniflow
import UniflowTesting

/// An exploration of the counter: each operation is one step (an action sent, the main
/// queue drained three hops deep, the invariant checked), the run's start and end left
/// out of the count.
@available(macOS 15, iOS 18, *)
@MainActor
public enum ExploreScenario {
  /// The counter, explored with its action.
  static let counter = Exploration(
    "counter",
    actions: Gen.always(CounterReactor.Action.increase),
    invariant: { state in
      if state.count < 0 { throw CounterBroken() }
    },
    make: { _ in CounterReactor() })

  /// Explores the counter for `steps` steps; returns how many ran.
  public static func run(steps: Int) async -> Int {
    await counter.explore(seed: 1, steps: steps).stepsRun
  }
}

/// An exploration of a flow kept between 40 and 50 screens deep: each step opens a page
/// (a push, or at 50 deep a jump back ten), so a step's cost shows whether it grows with
/// the stack.
@available(macOS 15, iOS 18, *)
@MainActor
public enum DeepFlowExploreScenario {
  static let flow = Exploration(
    "deep flow",
    actions: Gen.int(in: 1...3).map { DeepFlow.Action.open($0) },
    make: { _ in DeepFlow() })

  /// Explores the flow for `steps` steps; returns how deep it ended.
  public static func run(steps: Int) async -> Int {
    await flow.explore(seed: 1, steps: steps).stepsRun
  }
}

/// A flow of pages, at most 50 deep.
public final class DeepFlow: Reactor {
  public enum Action: Sendable { case open(Int), back }
  public enum Route: Hashable, Sendable { case page(Int) }
  public struct State: NavigationState, Equatable, Sendable {
    public var path: [Route] = []
    public var modal: Route?
  }

  public let initialState = State()
  public let runtime = ReactorRuntime<DeepFlow>()
  public let screens = ChildScreens<DeepFlow>()

  public init() {
    screens.attach(to: self, root: nil) { _ in ChildScreen(Page()) }
  }

  /// How deep a new flow is after `opens` pages are opened.
  public static func depth(after opens: Int) -> Int {
    let flow = DeepFlow()
    for page in 0..<opens { flow.send(.open(page)) }
    return flow.screens.count
  }

  public func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .open(let page) where state.path.count < 50: state.path.append(.page(page))
    case .open: state.path.removeLast(10)
    case .back: state.path.removeLast()
    }
  }
}

/// A page of ``DeepFlow``: a screen with nothing to report.
final class Page {}

/// The baseline of an exploration's step: an action sent and one trip through the main
/// queue, the least a step that lets the app's own hops run can cost.
@MainActor
public enum SendAndYieldScenario {
  /// Sends `steps` actions to a counter, each followed by one main-queue trip.
  public static func run(steps: Int) async -> Int {
    let reactor = CounterReactor()
    for _ in 0..<steps {
      reactor.send(.increase)
      await Task.yield()
    }
    return reactor.currentState.count
  }
}

/// What the counter's invariant throws; it never does.
struct CounterBroken: Error {}

/// A push and a pop on a flow `depth` screens deep: what navigation costs at that depth,
/// screens made and freed included. The same at 45 deep as at 5 means a step does not
/// cost the depth.
@MainActor
public enum FlowDepthScenario {
  /// Pushes and pops `count` times on a flow first opened `depth` pages deep; returns
  /// how deep it ends.
  public static func run(depth: Int, _ count: Int) -> Int {
    let flow = DeepFlow()
    for page in 0..<depth { flow.send(.open(page)) }
    for page in 0..<count {
      flow.send(.open(page))
      flow.send(.back)
    }
    return flow.screens.count
  }
}
