import PropertyBased
import Testing
import TodoCore
import TodoTestSupport
import Uniflow
import UniflowTesting

/// The task list explored with every action, from the main actor and from other threads,
/// over a service that answers at once: the selection must always point at a task, and
/// nothing may be reported or leaked.
@MainActor
@Suite struct TaskListExplorationTests {
  static let tasks = [
    TodoTask(id: "milk", title: "Buy milk"), TodoTask(id: "mom", title: "Call mom"),
    TodoTask(id: "taxes", title: "Taxes", isDone: true),
  ]

  let list = Exploration(
    "list",
    actions: Gen.oneOf(
      Gen.always(TaskListViewReactor.Action.refresh),
      Gen.int(in: -1...4).map { .select($0) },
      Gen.int(in: -1...4).map { .toggleTaskDone($0) },
      Gen.int(in: -1...4).map { .deleteTask($0) },
      zip(Gen.int(in: -1...4), Gen.int(in: -1...4)).map {
        TaskListViewReactor.Action.moveTask($0, $1)
      },
      Gen.always(.dismissError)),
    invariant: { state in
      if let index = state.selectedIndex, !state.tasks.indices.contains(index) {
        throw ListBroken("the selection \(index) is outside the \(state.tasks.count) task(s)")
      }
      if state.isLoaded, state.selectedIndex == nil, !state.tasks.isEmpty {
        throw ListBroken("\(state.tasks.count) task(s) loaded, none selected")
      }
    },
    make: { _ in TaskListViewReactor(provider: MockServiceProvider(tasks: tasks)) })

  @Test func theSelectionAlwaysPointsAtATask() async {
    guard #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let report = await list.explore(seed: 2026, steps: 3_000)
    #expect(report.failure == nil)
  }
}

/// What the list's invariant throws.
struct ListBroken: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
