import SwiftUI
import TodoCore
import Uniflow

/// RxTodo's editor in SwiftUI, over `TaskEditViewReactor`. The fields are two-way
/// bindings that send an action only for a new value; leaving with unsaved changes asks
/// first, through the reactor's alert service.
struct TaskEditView: View {
  @State private var editor: ObservedReactor<TaskEditViewReactor>
  @State private var error: String?
  @Environment(\.dismiss) private var dismiss
  private let alerts: AlertPresenter

  init(provider: any ServiceProviderType, mode: TaskEditViewMode, alerts: AlertPresenter) {
    _editor = State(
      initialValue: ObservedReactor(TaskEditViewReactor(provider: provider, mode: mode)))
    self.alerts = alerts
  }

  var body: some View {
    NavigationStack {
      Form {
        TextField(
          "Title",
          text: editor.reactor.binding(
            \.taskTitle, send: Action.updateTaskTitle))
        TextField(
          "Memo",
          text: editor.reactor.binding(\.taskMemo, send: Action.updateTaskMemo),
          axis: .vertical)
      }
      .navigationTitle(editor.title)
      .toolbar {
        ToolbarItem(placement: .cancellationAction) { Button("Cancel") { editor.send(.cancel) } }
        ToolbarItem(placement: .confirmationAction) {
          Button("Done") { editor.send(.submit) }.disabled(!editor.canSubmit)
        }
      }
      // A swipe down would skip the question that Cancel asks.
      .interactiveDismissDisabled(editor.shouldConfirmCancel)
      .onChange(of: editor.isDismissed) { if $1 { dismiss() } }
      .onReceive(editor.reactor.pulse(\.$errorMessage).compactMap { $0 }) { error = $0 }
      .alert(error ?? "", isPresented: isShown($error)) {}
    }
    .modifier(PresentedAlerts(alerts: alerts))
  }

  private typealias Action = TaskEditViewReactor.Action
}

/// Shows what the reactors ask `AlertPresenter` for as a SwiftUI alert, and answers with
/// the button tapped.
private struct PresentedAlerts: ViewModifier {
  let alerts: AlertPresenter
  @State private var shown: PresentedAlert?

  func body(content: Content) -> some View {
    content
      .onReceive(alerts.alert) { shown = $0 }
      .alert(
        shown?.title ?? "",
        // Every way out of an alert is one of its buttons, and each answers it.
        isPresented: Binding(get: { shown != nil }, set: { _ in }),
        presenting: shown
      ) { alert in
        ForEach(Array(alert.buttons.enumerated()), id: \.offset) { index, button in
          let role: ButtonRole? =
            switch button.style {
            case .default: nil
            case .cancel: .cancel
            case .destructive: .destructive
            }
          Button(button.title, role: role) { alerts.choose(index) }
        }
      } message: { alert in
        Text(alert.message ?? "")
      }
  }
}
