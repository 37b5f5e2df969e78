import Testing
import TodoCore
import TodoTestSupport
import UniflowTesting

@MainActor
@Suite struct TaskEditViewReactorTests {
  let milk = TodoTask(id: "milk", title: "Buy milk", memo: "2 litres")

  @Test func cancellingWithoutChangesDismissesWithoutAsking() async {
    let provider = MockServiceProvider()
    let tester = ReactorTester { TaskEditViewReactor(provider: provider, mode: .new) }
    tester.send(.cancel) { $0.isDismissed = true }
    #expect(provider.alerts.shown.isEmpty)
    await tester.finish()
  }

  @Test func cancellingAfterAChangeAsksAndLeaveDismisses() async {
    let provider = MockServiceProvider()
    provider.alerts.answer = { titles in titles.firstIndex(of: "Leave") }
    let tester = ReactorTester { TaskEditViewReactor(provider: provider, mode: .new) }
    tester.send(.updateTaskTitle("a")) {
      $0.taskTitle = "a"
      $0.canSubmit = true
      $0.shouldConfirmCancel = true
    }
    tester.send(.cancel) { $0.isDismissed = true }
    #expect(
      provider.alerts.shown == [
        .init(
          title: "Really?", message: "All changes will be lost", buttonTitles: ["Leave", "Stay"])
      ])
    await tester.finish()
  }

  @Test func stayKeepsTheScreenOpen() async {
    let provider = MockServiceProvider(tasks: [milk])
    provider.alerts.answer = { titles in titles.firstIndex(of: "Stay") }
    let tester = ReactorTester { TaskEditViewReactor(provider: provider, mode: .edit(milk)) }
    tester.send(.updateTaskMemo("")) {
      $0.taskMemo = ""
      $0.shouldConfirmCancel = true
    }
    tester.send(.cancel)
    #expect(provider.alerts.shown.count == 1)
    await tester.finish()
  }

  @Test func undoingEveryChangeNeedsNoConfirmation() async {
    let provider = MockServiceProvider(tasks: [milk])
    let tester = ReactorTester { TaskEditViewReactor(provider: provider, mode: .edit(milk)) }
    #expect(tester.reactor.currentState.taskMemo == "2 litres")
    tester.send(.updateTaskTitle("Buy mil")) {
      $0.taskTitle = "Buy mil"
      $0.shouldConfirmCancel = true
    }
    tester.send(.updateTaskTitle("Buy milk")) {
      $0.taskTitle = "Buy milk"
      $0.shouldConfirmCancel = false
    }
    tester.send(.cancel) { $0.isDismissed = true }
    #expect(provider.alerts.shown.isEmpty)
    await tester.finish()
  }

  @Test func aBlankTitleCannotBeSubmitted() async {
    let provider = MockServiceProvider()
    let tester = ReactorTester { TaskEditViewReactor(provider: provider, mode: .new) }
    tester.send(.updateTaskTitle("   ")) {
      $0.taskTitle = "   "
      $0.shouldConfirmCancel = true
    }
    tester.send(.submit)
    #expect(provider.tasks.tasks.isEmpty)
    await tester.finish()
  }

  @Test func submittingANewTaskSavesTitleAndMemoAndDismisses() async {
    let provider = MockServiceProvider()
    let tester = ReactorTester { TaskEditViewReactor(provider: provider, mode: .new) }
    tester.send(.updateTaskTitle("Walk")) {
      $0.taskTitle = "Walk"
      $0.canSubmit = true
      $0.shouldConfirmCancel = true
    }
    tester.send(.updateTaskMemo("the dog")) { $0.taskMemo = "the dog" }
    tester.send(.submit) { $0.isDismissed = true }
    #expect(provider.tasks.tasks.map(\.title) == ["Walk"])
    #expect(provider.tasks.tasks.map(\.memo) == ["the dog"])
    await tester.finish()
  }

  @Test func aFailedSaveShowsWhyAndStaysOpen() async {
    let provider = MockServiceProvider(tasks: [milk])
    provider.tasks.failure = .writeFailed(reason: "disk full")
    let tester = ReactorTester { TaskEditViewReactor(provider: provider, mode: .edit(milk)) }
    tester.send(.submit) { $0.errorMessage = "could not save: disk full" }
    await tester.finish()
  }
}
