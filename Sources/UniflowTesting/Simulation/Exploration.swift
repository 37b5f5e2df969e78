import Clocks
import Foundation
import PropertyBased
import Uniflow

/// Simulation testing of a screen or a flow: random steps from a seed (the screen's
/// actions from a generator you declare, actions from other threads, its asynchronous work
/// completing in varying orders, the clock advancing, the events you name), with your
/// invariant and the library's own rules checked after every step. A failure is shrunk to
/// the shortest list of steps that still fails and printed as a Swift test to paste; the
/// same seed is the same run.
///
/// ```swift
/// @MainActor let counter = Exploration(
///   "counter",
///   actions: Gen.oneOf(Gen.always(CounterReactor.Action.increase), Gen.always(.decrease)),
///   invariant: { state in
///     if state.count < 0 { throw Broken("the count went below zero: \(state.count)") }
///   },
///   make: { clock in CounterReactor(clock: clock) })
///
/// @MainActor @Test func theCounterKeepsItsInvariant() async {
///   await counter.explore(seed: 1, steps: 10_000)
/// }
/// ```
///
/// The rules every screen keeps: no issue is reported (a flow's pop past the stack, a
/// report from a screen that left), the screen is freed once the exploration lets go of
/// it, and no effect keeps running after that. The screen's `.run` effects and
/// `TaskPublisher` calls run only when a ``ExploreStep/runWork(_:)`` step lets one of them
/// run, so give the screen the exploration's clock (`make` receives it) and stand-ins for
/// its services that answer without a network.
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
@MainActor
public struct Exploration<Screen: Reactor> {
  /// A named event the exploration may make happen between actions: a child screen's
  /// report, a deep link arriving, a notification.
  public struct Event {
    /// The name a step (``ExploreStep/event(_:)``) and a printed test use.
    public let name: String
    /// What happens, given the screen.
    public let run: @MainActor (Screen) -> Void

    /// An event named `name` that does `run` to the screen.
    public init(_ name: String, run: @escaping @MainActor (Screen) -> Void) {
      self.name = name
      self.run = run
    }
  }

  /// How often each kind of step is chosen, relative to the others; a kind that cannot
  /// happen (no waiting work, no events) is not chosen.
  public struct Weights: Sendable {
    public var send = 6
    public var sendFromAnotherThread = 1
    public var runWork = 4
    public var advanceClock = 2
    public var event = 2

    /// The default weights: mostly actions and completions.
    public init() {}
  }

  /// The name the printed test calls the exploration by.
  public let name: String
  let makeAction: @Sendable (inout Xoshiro) throws -> Screen.Action
  let events: [Event]
  /// Throws when the screen is wrong: a reactor's state, or what a stream or a view
  /// model shows.
  let invariant: @MainActor (Screen) throws -> Void
  let make: @MainActor (ExploreClock) -> Screen
  /// How an action is sent from another thread, when not through `reactor.action`: a
  /// stream's input fed off the main actor. `nil` for a reactor.
  /// It is given the run's executor, to start the work the action starts there.
  var sendFromAnotherThread: (@MainActor (Screen, Screen.Action, SimulatedExecutor) -> Void)?
  /// What must be freed besides the screen once the exploration lets go of it: the stream
  /// or view model an ``ExploredScreen`` wraps.
  var alsoFreed: @MainActor (Screen) -> [AnyObject] = { _ in [] }
  /// The word a printed test uses for an action sent: `send`, or `call` for a view
  /// model's method.
  var stepWord = "send"
  /// How often each kind of step is chosen.
  public var weights = Weights()
  /// How many pieces of work (jobs, hops) one step may run before it is reported as never
  /// settling.
  public var settleLimit = 10_000

  /// An exploration of the screens `make` builds, given the clock the exploration
  /// advances.
  ///
  /// - Parameters:
  ///   - name: What the printed test calls it: the name of the property you keep it in.
  ///   - actions: The screen's actions, with any payloads (swift-property-based's
  ///     generators: `Gen.oneOf`, `Gen.int(in:)`, `.map`).
  ///   - events: What else may happen, by name.
  ///   - invariant: Throws when the state is wrong; its error's description is the
  ///     failure's message.
  ///   - make: Builds the screen, given the exploration's test clock.
  public init(
    _ name: String = "exploration",
    actions: Generator<Screen.Action, some SendableSequenceType>,
    events: [Event] = [],
    invariant: @escaping @MainActor (Screen.State) throws -> Void = { _ in },
    make: @escaping @MainActor (ExploreClock) -> Screen
  ) {
    self.name = name
    makeAction = { rng in try actions.run(using: &rng, limit: 1_000) }
    self.events = events
    self.invariant = { try invariant($0.currentState) }
    self.make = make
  }

  /// An exploration whose invariant reads the whole screen: what the stream and view
  /// model initializers build on.
  init(
    name: String, makeAction: @escaping @Sendable (inout Xoshiro) throws -> Screen.Action,
    events: [Event], invariant: @escaping @MainActor (Screen) throws -> Void,
    make: @escaping @MainActor (ExploreClock) -> Screen
  ) {
    self.name = name
    self.makeAction = makeAction
    self.events = events
    self.invariant = invariant
    self.make = make
  }

  /// Runs `steps` random steps from `seed` (a random seed when `nil`, printed with any
  /// failure), stopping early at the first failure or after `timeLimit`. A failure is
  /// reported at the call site with the seed, the shrunk steps and a test to paste; the
  /// shrink stops after `timeLimit` of its own, with the shortest steps found by then.
  @discardableResult
  public func explore(
    seed: UInt64? = nil,
    steps: Int = 1_000,
    timeLimit: Duration = .seconds(60),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> ExploreReport<Screen.Action> {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let seed = seed ?? UInt64.random(in: 0...UInt64.max)
    var rng = Self.generator(seed: seed)
    let clock = ContinuousClock()
    let started = clock.now
    let run = ExploreRun(self)
    var performed: [ExploreStep<Screen.Action>] = []
    var ranOutOfTime = false
    let failure: ExploreFailure? = await run.within {
      while performed.count < steps {
        if clock.now - started > timeLimit {
          ranOutOfTime = true
          break
        }
        let step: ExploreStep<Screen.Action>
        do {
          step = try nextStep(&rng, waitingWork: run.waitingWork)
        } catch {
          return .generatorFailed(String(describing: error))
        }
        performed.append(step)
        do throws(ExploreFailure) {
          try await run.perform(step)
        } catch {
          return error
        }
      }
      do throws(ExploreFailure) {
        try await run.finish()
      } catch {
        return error
      }
      return nil
    }
    let elapsed = clock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rate = seconds > 0 ? Double(performed.count) / seconds : 0
    guard let failure else {
      return ExploreReport(
        seed: seed, stepsRun: performed.count, ranOutOfTime: ranOutOfTime,
        stepsPerSecond: rate, failure: nil, shrunkSteps: [], shrinkReplays: 0,
        shrinkRanOutOfTime: false, testSource: nil)
    }
    let shrunk: StepShrinking.Shrunk<ExploreStep<Screen.Action>>
    let finalFailure: ExploreFailure
    switch failure {
    case .generatorFailed, .neverSettled:
      // Not shrunk: a generator's failure is not the screen's, and each try of a step that
      // never settles runs its work to the limit.
      shrunk = .init(steps: performed, replays: 0, ranOutOfBudget: false)
      finalFailure = failure
    default:
      // The shrink has the time limit too, of its own: a failure that comes only now and
      // then (on a loaded machine) can make every replay slow.
      let shrinkStarted = clock.now
      shrunk = await StepShrinking.shrink(
        performed, isOverTime: { clock.now - shrinkStarted > timeLimit },
        simpler: simplerSteps, merged: mergedSteps
      ) { candidate in
        guard let found = await self.failure(of: candidate) else { return false }
        return found.isSameKind(as: failure)
      }
      finalFailure = await self.failure(of: shrunk.steps) ?? failure
    }
    let report = ExploreReport(
      seed: seed, stepsRun: performed.count, ranOutOfTime: ranOutOfTime, stepsPerSecond: rate,
      failure: finalFailure, shrunkSteps: shrunk.steps, shrinkReplays: shrunk.replays,
      shrinkRanOutOfTime: shrunk.ranOutOfTime,
      testSource: testSource(for: shrunk.steps, seed: seed))
    site.fail(report.description)
    return report
  }

  /// Runs `steps` as an exploration would, with the same checks after each, and fails the
  /// test at the call site as it would: what a printed test calls.
  public func replay(
    _ steps: [ExploreStep<Screen.Action>],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if let failure = await failure(of: steps) {
      site.fail("After \(steps.count) step(s), \(failure).")
    }
  }

  /// The failure `steps` run into, in a fresh run; `nil` when they pass.
  func failure(of steps: [ExploreStep<Screen.Action>]) async -> ExploreFailure? {
    let run = ExploreRun(self)
    return await run.within {
      do throws(ExploreFailure) {
        for step in steps { try await run.perform(step) }
        try await run.finish()
        return nil
      } catch {
        return error
      }
    }
  }

  /// The kinds of step the generator chooses among, in the order their weights are read
  /// (a seed's sequence depends on that order).
  private enum StepKind { case send, sendFromAnotherThread, runWork, advanceClock, event }

  /// The next step, chosen by the weights among the kinds that can happen now.
  private func nextStep(_ rng: inout Xoshiro, waitingWork: Int) throws
    -> ExploreStep<Screen.Action>
  {
    let choices: [(weight: Int, kind: StepKind)] = [
      (weights.send, .send),
      (weights.sendFromAnotherThread, .sendFromAnotherThread),
      (waitingWork > 0 ? weights.runWork : 0, .runWork),
      (weights.advanceClock, .advanceClock),
      (events.isEmpty ? 0 : weights.event, .event),
    ]
    let total = choices.reduce(0) { $0 + max($1.weight, 0) }
    guard total > 0 else { return .advanceClock(milliseconds: 1) }
    var pick = Int(rng.next() % UInt64(total))
    var kind = StepKind.send
    for choice in choices where choice.weight > 0 {
      if pick < choice.weight {
        kind = choice.kind
        break
      }
      pick -= choice.weight
    }
    switch kind {
    case .send: return .send(try makeAction(&rng))
    case .sendFromAnotherThread: return .sendFromAnotherThread(try makeAction(&rng))
    case .runWork: return .runWork(Int(rng.next() % UInt64(waitingWork)))
    case .advanceClock:
      let amounts = [1, 10, 100, 250, 500, 1_000, 5_000]
      return .advanceClock(milliseconds: amounts[Int(rng.next() % UInt64(amounts.count))])
    case .event: return .event(events[Int(rng.next() % UInt64(events.count))].name)
    }
  }

  /// A Swift test that replays `steps`.
  private func testSource(for steps: [ExploreStep<Screen.Action>], seed: UInt64) -> String {
    let identifier = name.filter { $0.isLetter || $0.isNumber || $0 == "_" }
    let caseName = identifier.prefix(1).uppercased() + identifier.dropFirst()
    var lines = [
      "@MainActor @Test func explored\(caseName)Seed\(seed)() async {",
      "  await \(identifier.isEmpty ? "exploration" : identifier).replay([",
    ]
    lines += steps.map { "    \($0.source(sending: stepWord))," }
    lines += ["  ])", "}"]
    return lines.joined(separator: "\n")
  }

  /// The random number generator of `seed`: its four words from splitmix64, as
  /// xoshiro's authors advise.
  static func generator(seed: UInt64) -> Xoshiro {
    var state = seed
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      return mixed ^ (mixed >> 31)
    }
    return Xoshiro(seed: (next(), next(), next(), next()))
  }
}

/// Smaller versions of a step, for the shrink: the oldest work, less time, the action
/// sent on the main actor.
private func simplerSteps<Action>(_ step: ExploreStep<Action>) -> [ExploreStep<Action>] {
  switch step {
  case .runWork(let index): index > 0 ? [.runWork(0)] : []
  case .advanceClock(let milliseconds):
    [1, 10, 100, 250, 500, 1_000].filter { $0 < milliseconds }.map {
      .advanceClock(milliseconds: $0)
    }
  case .sendFromAnotherThread(let action): [.send(action)]
  case .send, .event: []
  }
}

/// One step that does what two adjacent steps do, where there is one: two clock advances
/// are one advance of their sum.
private func mergedSteps<Action>(
  _ first: ExploreStep<Action>, _ second: ExploreStep<Action>
) -> ExploreStep<Action>? {
  guard case .advanceClock(let one) = first, case .advanceClock(let other) = second else {
    return nil
  }
  return .advanceClock(milliseconds: one + other)
}
