import TerminalKit
import Testing
import TodoCore
import TodoTestSupport
import TodoUI

@MainActor
@Suite struct TodoAppTests {
  let alerts = AlertPresenter()
  let database = TodoDatabase.inMemory()

  func makeApp() -> TodoApp {
    let app = TodoApp(
      provider: ServiceProvider(database: database, alertService: alerts), alerts: alerts)
    app.start()
    return app
  }

  func type(_ text: String, into app: TodoApp) {
    for character in text { _ = app.handle(.character(character)) }
  }

  @Test func addingATaskSavesItBeforeTheListShowsIt() throws {
    let app = makeApp()
    _ = app.handle(.character("a"))
    #expect(app.screen.editor?.state.title == "New")
    type("Buy milk", into: app)
    _ = app.handle(.tab)
    type("2 litres", into: app)
    _ = app.handle(.enter)
    #expect(app.screen.editor == nil)
    #expect(app.screen.list.tasks.map(\.title) == ["Buy milk"])
    #expect(try database.tasks().map(\.memo) == ["2 litres"])
  }

  @Test func listKeysSelectToggleMoveAndDelete() throws {
    for title in ["a", "b", "c"] { try database.insertTask(title: title, memo: nil) }
    let app = makeApp()
    _ = app.handle(.down)
    _ = app.handle(.character(" "))
    _ = app.handle(.character("J"))
    #expect(try database.tasks().map(\.title) == ["a", "c", "b"])
    #expect(app.screen.list.selectedTask?.isDone == true)
    _ = app.handle(.character("k"))
    _ = app.handle(.character("d"))
    #expect(try database.tasks().map(\.title) == ["a", "b"])
    #expect(app.handle(.character("q")) == .quit)
  }

  @Test func escapeWithChangesAsksAndStayKeepsTheEdit() throws {
    try database.insertTask(title: "Call mom", memo: nil)
    let app = makeApp()
    _ = app.handle(.character("e"))
    type("!", into: app)
    _ = app.handle(.escape)
    #expect(app.screen.alert?.message == "All changes will be lost")
    _ = app.handle(.character("s"))
    #expect(app.screen.alert == nil)
    #expect(app.screen.editor?.title.text == "Call mom!")
    _ = app.handle(.escape)
    _ = app.handle(.right)
    _ = app.handle(.left)
    _ = app.handle(.enter)  // "Leave" is highlighted first
    #expect(app.screen.editor == nil)
    #expect(try database.tasks().map(\.title) == ["Call mom"])
  }

  @Test func escapeWithoutChangesClosesAtOnce() {
    let app = makeApp()
    _ = app.handle(.character("a"))
    _ = app.handle(.escape)
    #expect(app.screen.alert == nil)
    #expect(app.screen.editor == nil)
  }

  @Test func controlCQuitsFromAnyScreen() {
    let app = makeApp()
    _ = app.handle(.character("a"))
    #expect(app.handle(.control("c")) == .quit)
  }

  @Test func theErrorLineShowsWhatTheReactorPulsesAndEscapeClearsIt() {
    let provider = MockServiceProvider(tasks: [TodoTask(id: "1", title: "Buy milk")])
    let app = TodoApp(provider: provider, alerts: alerts)
    app.start()
    provider.tasks.failure = .writeFailed(reason: "disk full")
    _ = app.handle(.character(" "))
    #expect(app.screen.errorMessage == "could not save: disk full")
    _ = app.handle(.escape)
    #expect(app.screen.errorMessage == nil)
    // The same failure again is shown again: a pulse is delivered on every assignment.
    _ = app.handle(.character(" "))
    #expect(app.screen.errorMessage == "could not save: disk full")
    provider.tasks.failure = nil
    _ = app.handle(.character(" "))
    #expect(app.screen.errorMessage == nil)
    #expect(app.screen.list.tasks.first?.isDone == true)
  }

  @Test func theViewFollowsTheReactorsStateWithoutAKey() throws {
    let app = makeApp()
    #expect(app.screen.list.tasks.isEmpty)
    // A change made elsewhere (another screen, a service event) reaches the view through
    // its state subscription, not through a read after a key.
    app.reactor?.send(.refresh)
    try database.insertTask(title: "From elsewhere", memo: nil)
    app.reactor?.send(.refresh)
    #expect(app.screen.list.tasks.map(\.title) == ["From elsewhere"])
  }

  @Test func theChangeLogFollowsBothReactors() {
    let app = TodoApp(
      provider: ServiceProvider(database: database, alertService: alerts), alerts: alerts)
    var lines: [String] = []
    app.changeLog = { lines.append($0) }
    app.start()
    _ = app.handle(.character("a"))
    type("Tea", into: app)
    _ = app.handle(.enter)
    let log = lines.joined(separator: "\n")
    #expect(log.contains("action TaskListViewReactor.Action.refresh"))
    #expect(log.contains("action TaskEditViewReactor.Action.updateTaskTitle(\"Tea\")"))
    #expect(log.contains("action TaskEditViewReactor.Action.submit"))
    #expect(log.contains("mutation TaskListViewReactor.Mutation.insertTask"))
  }
}
