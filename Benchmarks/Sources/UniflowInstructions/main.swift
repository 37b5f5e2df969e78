import Foundation
import Scenarios

// Runs one scenario for a number of operations and exits: what
// `scripts/instructions.py` runs under valgrind's callgrind, twice (N and 2N operations),
// so that the difference is the instructions of N operations, the start-up and the set-up
// left out. `UniflowInstructions --list` prints the scenarios' names.
//
//   UniflowInstructions "reactor counter, one state subscriber" 1000

/// The scenarios whose instructions are counted, each run on the main actor; the
/// asynchronous ones (a task hop, a `.run` round trip) are left out: threads handing work
/// to each other are counted in whatever order valgrind's scheduler gives them.
@MainActor
func scenarios() -> [(name: String, run: @MainActor (Int) -> Int)] {
  [
    ("baseline: minimal class store", { MinimalStoreCounterScenario().measured($0) }),
    ("reactor counter, one state subscriber", { CounterScenario().measured($0) }),
    ("ReactorTester send with assertion", { TesterScenario().measured($0) }),
    (
      "baseline: minimal store, 100 subscribers, value unchanged",
      { MinimalStoreFanOutScenario(changing: false).measured($0) }
    ),
    (
      "reactor: 100 subscribers map+removeDuplicates, value unchanged",
      { FanOutScenario(changing: false).measured($0) }
    ),
    (
      "baseline: minimal store create + subscribe + release",
      { ReactorLifecycleScenario.runMinimalStore($0) }
    ),
    ("reactor: create + first subscription + release", { ReactorLifecycleScenario.run($0) }),
    (
      "reactor: a publisher effect per action, one state subscriber",
      { PublisherEffectScenario().measured($0) }
    ),
    (
      "reactor with transform(mutation:), one state subscriber",
      { HookedCounterScenario().measured($0) }
    ),
    (
      "reactor with globalEvents, one state subscriber",
      { GlobalEventsCounterScenario().measured($0) }
    ),
    (
      "baseline: receive(on: MainScheduler) through Combine's ReceiveOn",
      { MainSchedulerHopScenario.runBaseline($0) }
    ),
    (
      "receive(on: MainScheduler), counted by a tester's TrackedScheduler, none watching",
      { MainSchedulerHopScenario.runCounted($0) }
    ),
    (
      "baseline: delay on a system scheduler through Combine's Delay",
      { DelayScenario.runBaseline($0) }
    ),
    (
      "delay on a system scheduler, in time order, counted by a tester's TrackedScheduler, none watching",
      { DelayScenario.runOrdered($0) }
    ),
    ("flow 5 screens deep: push and pop", { FlowDepthScenario.run(depth: 5, $0) }),
    ("flow 45 screens deep: push and pop", { FlowDepthScenario.run(depth: 45, $0) }),
    ("stream: create", { StreamCreationScenario.run($0) }),
    (
      "baseline: CurrentValueSubject create + sink + release",
      {
        StreamCreationScenario.runSubjectBaseline($0)
      }
    ),
  ]
}

extension MainActorScenario {
  /// Runs `count` operations; returns a number that depends on them, so that none is
  /// optimised away.
  @MainActor
  func measured(_ count: Int) -> Int {
    run(count)
    return count
  }
}

MainActor.assumeIsolated {
  let arguments = CommandLine.arguments.dropFirst()
  if arguments.first == "--list" {
    for scenario in scenarios() { print(scenario.name) }
    exit(0)
  }
  guard arguments.count == 2, let count = Int(arguments.last!), count > 0,
    let scenario = scenarios().first(where: { $0.name == arguments.first })
  else {
    FileHandle.standardError.write(
      Data("usage: UniflowInstructions SCENARIO OPERATIONS (--list names them)\n".utf8))
    exit(2)
  }
  let result = scenario.run(count)
  if result == Int.min { print(result) }
}
