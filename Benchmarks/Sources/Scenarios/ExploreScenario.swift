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
