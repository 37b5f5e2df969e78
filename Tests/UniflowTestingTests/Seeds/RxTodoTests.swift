import Foundation
import Testing
import UniflowTesting

@MainActor
@Suite struct TaskEditViewReactorTests {
  @Test func cancelWithNoChangeDismissesWithoutAsking() async {
    let provider = MockServiceProvider()
    let alertService = provider.alertService as! MockAlertService
    let tester = ReactorTester(TaskEditViewReactor(provider: provider, mode: .new))
    tester.send(.cancel) { $0.isDismissed = true }
    #expect(alertService.shownMessages.isEmpty)
    await tester.finish()
  }

  @Test func cancelAfterAChangeAsksTheAlertServiceAndLeaveDismisses() async {
    let provider = MockServiceProvider()
    let alertService = provider.alertService as! MockAlertService
    alertService.selectAction = TaskEditViewCancelAlertAction.leave
    let tester = ReactorTester(TaskEditViewReactor(provider: provider, mode: .new))
    tester.send(.updateTaskTitle("a")) {
      $0.taskTitle = "a"
      $0.canSubmit = true
      $0.shouldConfirmCancel = true
    }
    tester.send(.cancel) { $0.isDismissed = true }
    #expect(alertService.shownMessages == ["All changes will be lost"])
    await tester.finish()
  }

  @Test func stayKeepsTheEditScreenOpen() async {
    let provider = MockServiceProvider()
    let alertService = provider.alertService as! MockAlertService
    alertService.selectAction = TaskEditViewCancelAlertAction.stay
    let task = Task(title: "Buy milk")
    let tester = ReactorTester(TaskEditViewReactor(provider: provider, mode: .edit(task)))
    tester.send(.updateTaskTitle("Buy oat milk")) {
      $0.taskTitle = "Buy oat milk"
      $0.shouldConfirmCancel = true
    }
    tester.send(.cancel)
    #expect(alertService.shownMessages.count == 1)
    #expect(!tester.reactor.currentState.isDismissed)
    await tester.finish()
  }

  @Test func submittingANewTaskCreatesItAndDismisses() async {
    let provider = MockServiceProvider()
    let tester = ReactorTester(TaskEditViewReactor(provider: provider, mode: .new))
    tester.send(.submit)
    tester.send(.updateTaskTitle("Walk")) {
      $0.taskTitle = "Walk"
      $0.canSubmit = true
      $0.shouldConfirmCancel = true
    }
    tester.send(.submit) { $0.isDismissed = true }
    #expect((provider.taskService as! TaskService).tasks.map(\.title) == ["Walk"])
    await tester.finish()
  }
}

@MainActor
@Suite struct TaskListViewReactorTests {
  let provider = MockServiceProvider()
  var taskService: TaskService { provider.taskService as! TaskService }

  func loadedList(_ titles: [String]) -> ReactorTester<TaskListViewReactor> {
    for title in titles.reversed() { _ = taskService.create(title: title, memo: nil) }
    let tester = ReactorTester(TaskListViewReactor(provider: provider))
    tester.send(.refresh) { $0.sections = [TaskListSection(items: self.cells())] }
    return tester
  }

  func cells() -> [TaskCellReactor] {
    taskService.tasks.map(TaskCellReactor.init)
  }

  @Test func aTaskCreatedOnTheEditScreenAppearsInTheList() async {
    let list = loadedList(["Milk"])
    let edit = TaskEditViewReactor(provider: provider, mode: .new)
    edit.send(.updateTaskTitle("Bread"))
    edit.send(.submit)
    let bread = taskService.tasks[0]
    await list.receive(
      .insertSectionItem(IndexPath(item: 0, section: 0), TaskCellReactor(task: bread))
    ) {
      $0.sections[0].items.insert(TaskCellReactor(task: bread), at: 0)
    }
    #expect(
      list.reactor.currentState.sections[0].items.map(\.initialState.title) == ["Bread", "Milk"])
    await list.finish()
  }

  @Test func anEditOnTheEditScreenUpdatesTheList() async {
    let list = loadedList(["Milk", "Eggs"])
    var eggs = taskService.tasks[1]
    let edit = TaskEditViewReactor(provider: provider, mode: .edit(eggs))
    edit.send(.updateTaskTitle("Free-range eggs"))
    edit.send(.submit)
    eggs.title = "Free-range eggs"
    let updated = TaskCellReactor(task: eggs)
    await list.receive(.updateSectionItem(IndexPath(item: 1, section: 0), updated)) {
      $0.sections[0].items[1] = updated
    }
    await list.finish()
  }

  @Test func deleteMoveAndDoneFlowThroughTheServicesEvents() async {
    // The list's own actions call the service, whose event comes back through
    // transform(mutation:) while the action is being handled: the change belongs to the
    // send.
    let list = loadedList(["A", "B", "C"])
    let ids = taskService.tasks.map(\.id)
    var doneA = Task(title: "A")
    doneA.id = ids[0]
    doneA.isDone = true

    list.send(.toggleTaskDone(IndexPath(item: 0, section: 0))) {
      $0.sections[0].items[0] = TaskCellReactor(task: doneA)
    }
    list.send(.moveTask(IndexPath(item: 0, section: 0), IndexPath(item: 2, section: 0))) {
      let moved = $0.sections[0].items.remove(at: 0)
      $0.sections[0].items.insert(moved, at: 2)
    }
    list.send(.deleteTask(IndexPath(item: 0, section: 0))) {
      $0.sections[0].items.remove(at: 0)
    }
    #expect(list.reactor.currentState.sections[0].items.map(\.initialState.title) == ["C", "A"])

    doneA.isDone = false
    list.send(.toggleTaskDone(IndexPath(item: 1, section: 0))) {
      $0.sections[0].items[1] = TaskCellReactor(task: doneA)
    }
    await list.finish()
  }
}
