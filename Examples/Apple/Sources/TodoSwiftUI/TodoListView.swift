import SwiftUI
import TodoCore
import Uniflow

/// RxTodo's task list in SwiftUI. Every rule is `TaskListViewReactor`'s and is tested on
/// Linux; this view draws the state it reads and sends what the user does.
///
/// ```swift
/// WindowGroup { TodoListView(database: try TodoDatabase.open(at: path)) }
/// ```
public struct TodoListView: View {
  @State private var list: ObservedReactor<TaskListViewReactor>
  @State private var editing: TaskEditViewMode?
  @State private var error: String?
  // State although they never change: a view SwiftUI makes again must keep the task
  // service whose events update the list, and the alert presenter it shows.
  @State private var provider: ServiceProvider
  @State private var alerts: AlertPresenter

  /// The list of the tasks in `database`.
  public init(database: TodoDatabase) {
    let alerts = AlertPresenter()
    let provider = ServiceProvider(database: database, alertService: alerts)
    _alerts = State(initialValue: alerts)
    _provider = State(initialValue: provider)
    _list = State(initialValue: ObservedReactor(TaskListViewReactor(provider: provider)))
  }

  public var body: some View {
    NavigationStack {
      List {
        ForEach(Array(list.tasks.enumerated()), id: \.element.id) { index, task in
          Button {
            list.send(.toggleTaskDone(index))
          } label: {
            LabeledContent {
              if task.isDone { Image(systemName: "checkmark") }
            } label: {
              Text(task.title)
              if let memo = task.memo { Text(memo) }
            }
          }
          .swipeActions(edge: .leading) {
            Button("Edit") { editing = .edit(task) }
          }
        }
        .onDelete { offsets in
          // From the last, so that each index still names the row it named.
          for index in offsets.sorted(by: >) { list.send(.deleteTask(index)) }
        }
        .onMove { offsets, destination in
          // SwiftUI names the gap to drop into; the reactor, the row's new index.
          guard let source = offsets.first else { return }
          list.send(.moveTask(source, destination > source ? destination - 1 : destination))
        }
      }
      .navigationTitle("Tasks")
      .toolbar {
        Button("Add", systemImage: "plus") { editing = .new }
      }
      .sheet(isPresented: isShown($editing)) {
        if let editing { TaskEditView(provider: provider, mode: editing, alerts: alerts) }
      }
      .task { list.send(.refresh) }
      // The pulse, not the state: the message is shown once for each time it is set.
      .onReceive(list.reactor.pulse(\.$errorMessage).compactMap { $0 }) { error = $0 }
      .alert(error ?? "", isPresented: isShown($error)) {
        Button("OK") { list.send(.dismissError) }
      }
    }
  }
}

/// A `Binding` that is true while `value` holds something; setting it false clears it.
func isShown<Value>(_ value: Binding<Value?>) -> Binding<Bool> {
  Binding(get: { value.wrappedValue != nil }, set: { if !$0 { value.wrappedValue = nil } })
}
