import Foundation
import PropertyBased
import Testing
import Uniflow
import UniflowTesting

/// A flow whose root screen is another flow: the notes as one tab of an app, under which
/// the tabs flow can push its own settings. The outer flow's checks reach the screens the
/// inner flow made.
final class TabsFlow: Reactor {
  enum Route: Hashable { case settings }
  enum Action: Equatable { case navigation(NavigationAction<Route>) }
  struct State: NavigationState, Equatable {
    var path: [Route] = []
    var modal: Route?
  }

  /// The tabs' own screen: it asks nothing of the flow.
  final class Settings {}

  let initialState = State()
  let runtime = ReactorRuntime<TabsFlow>()
  let screens = ChildScreens<TabsFlow>()
  let notes: NotesFlow

  init(pinning: NotesFlow.Pinning) {
    let notes = NotesFlow(pinning: pinning)
    self.notes = notes
    screens.attach(to: self, root: ChildScreen(notes)) { _ in ChildScreen(Settings()) }
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .navigation(let navigation): state.apply(navigation)
    }
  }
}

/// Written for the mutants `uniflow mutate` found alive in `ChildScreens`: no test of the
/// library built a flow nested in another.
@MainActor
@Suite struct NestedFlowExplorationTests {
  static func tabs(_ pinning: NotesFlow.Pinning) -> Exploration<TabsFlow> {
    Exploration(
      "tabs",
      actions: Gen.always(TabsFlow.Action.navigation(.push(.settings))),
      events: [
        // What a user does in the notes tab: open a note, pin it, go back.
        .init("note") { flow in flow.notes.send(.navigation(.push(.note(2)))) },
        .init("pin") { flow in
          let top = flow.notes.currentState.path.count - 1
          flow.notes.screens.screen(at: top, as: NoteViewModel.self)?.pin()
        },
        .init("back") { flow in
          let depth = flow.notes.currentState.path.count
          if depth > 0 { flow.notes.send(.navigation(.didPop(toDepth: depth - 1))) }
        },
      ],
      make: { _ in TabsFlow(pinning: pinning) })
  }

  @Test func aScreenLeftBehindByANestedFlowIsFoundRightAfterItsPop() async {
    await withKnownIssue {
      await Self.tabs(.holdingItself).replay([.event("note"), .event("pin"), .event("back")])
    } matching: {
      issue(
        $0, says: "After 3 step(s)", "`NoteViewModel` for route `note(2)`",
        "its route left the flow and all its work has run")
    }
  }

  @Test func aNestedFlowWhoseScreensGoWithTheirRoutesIsNeverReported() async {
    await Self.tabs(.weakly).replay([
      .event("note"), .event("pin"), .send(.navigation(.push(.settings))), .event("back"),
      .event("note"),
    ])
    let report = await Self.tabs(.weakly).explore(seed: 16, steps: 500, timeLimit: .seconds(3_600))
    #expect(report.failure == nil, "\(report)")
  }
}
