import Foundation
import Testing
import Uniflow
import UniflowTesting

// A two-screen flow as a main-actor app writes it: no `nonisolated`, no `Sendable` of its
// own. The detail screen's view model saves through an async service, and its report
// arrives on the task's thread.

final class NoteEditor {
  let transitionItem: AnyPublisher<Void, Never>
  private let saved = PublishRelay<Void>()
  private var saving: AnyCancellable?
  private let save: @Sendable () async -> Void

  init(save: @escaping @Sendable () async -> Void) {
    self.save = save
    transitionItem = saved.eraseToAnyPublisher()
  }

  func didTapSave() {
    saving = TaskPublisher { [save] in await save() }
      .sink { [saved] in saved.accept(()) }
  }
}

final class NotesFlow: Reactor {
  enum Route: Hashable { case note(Int) }
  enum Action: Equatable { case navigation(NavigationAction<Route>) }
  struct State: NavigationState, Equatable {
    var path: [Route] = []
    var modal: Route?
  }

  let initialState = State()
  let runtime = ReactorRuntime<NotesFlow>()
  let screens = ChildScreens<NotesFlow>()

  init(save: @escaping @Sendable () async -> Void) {
    screens.attach(to: self, root: nil) { route in
      let editor = NoteEditor(save: save)
      return ChildScreen(editor, transitionItem: editor.transitionItem) { _, sender in
        sender.index.map { .navigation(.didPop(toDepth: $0)) }
      }
    }
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .navigation(let navigation): state.apply(navigation)
    }
  }
}

@Suite struct MainActorFlowTests {
  @Test func aScreenThatSavesOffTheMainActorClosesItselfAndTheTesterWaitsForIt() async {
    let tester = ReactorTester {
      NotesFlow { try? await Task.sleep(nanoseconds: 10_000_000) }
    }
    tester.send(.navigation(.setPath([.note(1), .note(2)]))) { $0.path = [.note(1), .note(2)] }
    tester.reactor.screens.screen(at: 1, as: NoteEditor.self)?.didTapSave()
    await tester.receive(.navigation(.didPop(toDepth: 1))) { $0.path = [.note(1)] }
    await tester.finish()
  }

  @Test func aScreenStillSavingWhenTheTestEndsIsReported() async {
    await withKnownIssue {
      let tester = ReactorTester {
        NotesFlow { try? await Task.sleep(nanoseconds: 60_000_000_000) }
      }
      tester.send(.navigation(.push(.note(3)))) { $0.path = [.note(3)] }
      tester.reactor.screens.screen(at: 0, as: NoteEditor.self)?.didTapSave()
      await tester.finish(timeout: 0.1)
    } matching: {
      $0.description.contains("Work was still in flight")
        || $0.comments.map(\.rawValue).joined().contains("Work was still in flight")
    }
  }
}
