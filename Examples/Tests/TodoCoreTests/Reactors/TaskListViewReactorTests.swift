import Testing
import TodoCore
import TodoTestSupport
import UniflowTesting

@MainActor
@Suite struct TaskListViewReactorTests {
  let milk = TodoTask(id: "milk", title: "Buy milk", memo: "2 litres")
  let mom = TodoTask(id: "mom", title: "Call mom")
  let taxes = TodoTask(id: "taxes", title: "Taxes", isDone: true)

  func loadedList(_ provider: MockServiceProvider) -> ReactorTester<TaskListViewReactor> {
    let tester = ReactorTester { TaskListViewReactor(provider: provider) }
    tester.send(.refresh) {
      $0.tasks = provider.tasks.tasks
      $0.selectedIndex = provider.tasks.tasks.isEmpty ? nil : 0
      $0.isLoaded = true
    }
    return tester
  }

  @Test func refreshLoadsTheTasksAndSelectsTheFirst() async {
    let provider = MockServiceProvider(tasks: [milk, mom])
    let tester = loadedList(provider)
    await tester.finish()
  }

  @Test func anEmptyListIsLoadedWithNothingSelected() async {
    let tester = loadedList(MockServiceProvider())
    #expect(tester.reactor.currentState.selectedTask == nil)
    await tester.finish()
  }

  @Test func refreshRestoresTheSelectionKeptInSettings() async throws {
    let provider = MockServiceProvider(tasks: [milk, mom, taxes])
    try provider.settings.set("taxes", forKey: .selectedTaskID)
    let tester = ReactorTester { TaskListViewReactor(provider: provider) }
    tester.send(.refresh) {
      $0.tasks = [milk, mom, taxes]
      $0.selectedIndex = 2
      $0.isLoaded = true
    }
    await tester.finish()
  }

  @Test func selectingKeepsTheSelectionInRangeAndInSettings() async {
    let provider = MockServiceProvider(tasks: [milk, mom])
    let tester = loadedList(provider)
    tester.send(.select(1)) { $0.selectedIndex = 1 }
    tester.send(.select(5))
    tester.send(.select(-1)) { $0.selectedIndex = 0 }
    #expect(provider.settings.value(forKey: .selectedTaskID) == "milk")
    await tester.finish()
  }

  @Test func togglingMarksDoneThenUndoneThroughTheServiceEvent() async {
    let provider = MockServiceProvider(tasks: [milk, mom])
    let tester = loadedList(provider)
    tester.send(.toggleTaskDone(1)) { $0.tasks[1].isDone = true }
    tester.send(.toggleTaskDone(1)) { $0.tasks[1].isDone = false }
    #expect(provider.tasks.tasks == [milk, mom])
    await tester.finish()
  }

  @Test func deletingTheLastTaskMovesTheSelectionUp() async {
    let provider = MockServiceProvider(tasks: [milk, mom])
    let tester = loadedList(provider)
    tester.send(.select(1)) { $0.selectedIndex = 1 }
    tester.send(.deleteTask(1)) {
      $0.tasks = [milk]
      $0.selectedIndex = 0
    }
    tester.send(.deleteTask(0)) {
      $0.tasks = []
      $0.selectedIndex = nil
    }
    tester.send(.deleteTask(0))
    await tester.finish()
  }

  @Test func movingATaskTakesTheSelectionWithIt() async {
    let provider = MockServiceProvider(tasks: [milk, mom, taxes])
    let tester = loadedList(provider)
    tester.send(.moveTask(0, 1)) {
      $0.tasks = [mom, milk, taxes]
      $0.selectedIndex = 1
    }
    tester.send(.moveTask(1, 3))
    tester.send(.moveTask(1, 2)) {
      $0.tasks = [mom, taxes, milk]
      $0.selectedIndex = 2
    }
    #expect(provider.tasks.tasks == [mom, taxes, milk])
    await tester.finish()
  }

  @Test func aTaskCreatedOnTheEditScreenIsAppendedAndSelected() async {
    let provider = MockServiceProvider(tasks: [milk])
    let list = loadedList(provider)
    let edit = ReactorTester { TaskEditViewReactor(provider: provider, mode: .new) }
    edit.send(.updateTaskTitle("Walk")) {
      $0.taskTitle = "Walk"
      $0.canSubmit = true
      $0.shouldConfirmCancel = true
    }
    edit.send(.submit) { $0.isDismissed = true }
    let walk = provider.tasks.tasks[1]
    await list.receive(.insertTask(1, walk)) {
      $0.tasks = [milk, walk]
      $0.selectedIndex = 1
    }
    await list.finish()
    await edit.finish()
  }

  @Test func anEditMadeOnTheEditScreenUpdatesTheRow() async {
    let provider = MockServiceProvider(tasks: [milk, mom])
    let list = loadedList(provider)
    let edit = ReactorTester { TaskEditViewReactor(provider: provider, mode: .edit(mom)) }
    edit.send(.updateTaskMemo("about Sunday")) {
      $0.taskMemo = "about Sunday"
      $0.shouldConfirmCancel = true
    }
    edit.send(.submit) { $0.isDismissed = true }
    var updated = mom
    updated.memo = "about Sunday"
    await list.receive(.updateTask(1, updated)) { $0.tasks[1] = updated }
    await list.finish()
    await edit.finish()
  }

  @Test func aFailedChangeShowsWhyAndKeepsTheList() async {
    let provider = MockServiceProvider(tasks: [milk])
    let tester = loadedList(provider)
    provider.tasks.failure = .writeFailed(reason: "disk full")
    tester.send(.toggleTaskDone(0)) { $0.errorMessage = "could not save: disk full" }
    tester.send(.dismissError) { $0.errorMessage = nil }
    provider.tasks.failure = .locked(path: "/tmp/todo.sqlite")
    tester.send(.deleteTask(0)) {
      $0.errorMessage = "/tmp/todo.sqlite is locked by another program; close it and try again"
    }
    provider.tasks.failure = nil
    tester.send(.toggleTaskDone(0)) {
      $0.tasks[0].isDone = true
      $0.errorMessage = nil
    }
    await tester.finish()
  }

  @Test func aChangeThatSucceedsAfterAFailureClearsTheError() async {
    let provider = MockServiceProvider(tasks: [milk, mom, taxes])
    let tester = loadedList(provider)
    func failOnce() {
      provider.tasks.failure = .writeFailed(reason: "disk full")
      tester.send(.toggleTaskDone(0)) { $0.errorMessage = "could not save: disk full" }
      provider.tasks.failure = nil
    }
    failOnce()
    tester.send(.moveTask(0, 1)) {
      $0.tasks = [mom, milk, taxes]
      $0.selectedIndex = 1
      $0.errorMessage = nil
    }
    failOnce()
    tester.send(.deleteTask(2)) {
      $0.tasks = [mom, milk]
      $0.errorMessage = nil
    }
    failOnce()
    let walk = TodoTask(id: "walk", title: "Walk")
    provider.tasks.event.accept(.create(walk))
    await tester.receive(.insertTask(2, walk)) {
      $0.tasks = [mom, milk, walk]
      $0.selectedIndex = 2
      $0.errorMessage = nil
    }
    await tester.finish()
  }

  @Test func aMoveMadeElsewhereOutsideTheListLandsAtItsNearestEnd() async {
    let provider = MockServiceProvider(tasks: [milk, mom, taxes])
    let tester = loadedList(provider)
    provider.tasks.event.accept(.move(id: "milk", to: 10))
    await tester.receive(.moveTask(0, 2)) {
      $0.tasks = [mom, taxes, milk]
      $0.selectedIndex = 2
    }
    provider.tasks.event.accept(.move(id: "taxes", to: -5))
    await tester.receive(.moveTask(1, 0)) { $0.tasks = [taxes, mom, milk] }
    await tester.finish()
  }
}
