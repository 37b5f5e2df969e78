import TerminalKit
import TodoCore
import Uniflow

/// The Todo app's terminal view: it turns keys into reactor actions and gathers the
/// reactors' states into a ``TodoScreen`` to draw. It holds no task data of its own.
///
/// ```swift
/// let app = TodoApp(database: database)
/// app.start()
/// for await case .key(let key) in terminal.events() {
///   if app.handle(key) == .quit { break }
///   terminal.draw(TodoRenderer.render(app.screen, size: terminal.size))
/// }
/// ```
@MainActor
public final class TodoApp {
  /// What the app wants after a key.
  public enum Outcome: Equatable, Sendable {
    case `continue`, quit
  }

  public let listReactor: TaskListViewReactor
  private let provider: any ServiceProviderType
  private let alerts: AlertPresenter
  private var editReactor: TaskEditViewReactor?
  private var titleField = TextField()
  private var memoField = TextField()
  private var focus = TodoScreen.Field.title

  /// An app over `provider`; `alerts` must be the provider's alert service.
  public init(provider: any ServiceProviderType, alerts: AlertPresenter) {
    self.provider = provider
    self.alerts = alerts
    self.listReactor = TaskListViewReactor(provider: provider)
  }

  /// An app over the database, with alerts drawn in the terminal.
  public convenience init(database: TodoDatabase) {
    let alerts = AlertPresenter()
    self.init(provider: ServiceProvider(database: database, alertService: alerts), alerts: alerts)
  }

  /// Loads the list.
  public func start() {
    listReactor.send(.refresh)
  }

  /// What to draw now.
  public var screen: TodoScreen {
    TodoScreen(
      list: listReactor.currentState,
      editor: editReactor.map { reactor in
        TodoScreen.Editor(
          state: reactor.currentState, title: titleField, memo: memoField, focus: focus)
      },
      alert: alerts.current)
  }

  /// Handles one key.
  public func handle(_ key: Key) -> Outcome {
    if key == .control("c") || (key == .control("d") && editReactor == nil) {
      return .quit
    }
    if alerts.current != nil {
      handleAlert(key)
    } else if let editReactor {
      handleEditor(key, reactor: editReactor)
    } else {
      return handleList(key)
    }
    if editReactor?.currentState.isDismissed == true {
      editReactor = nil
    }
    return .continue
  }

  private func handleList(_ key: Key) -> Outcome {
    let state = listReactor.currentState
    let selected = state.selectedIndex ?? 0
    switch key {
    case .character("q"):
      return .quit
    case .up, .character("k"):
      listReactor.send(.select(selected - 1))
    case .down, .character("j"):
      listReactor.send(.select(selected + 1))
    case .character("a"):
      openEditor(.new)
    case .character("e"), .enter:
      if let task = state.selectedTask { openEditor(.edit(task)) }
    case .character("d"), .delete:
      listReactor.send(.deleteTask(selected))
    case .character(" "):
      listReactor.send(.toggleTaskDone(selected))
    case .character("J"):
      listReactor.send(.moveTask(selected, selected + 1))
    case .character("K"):
      listReactor.send(.moveTask(selected, selected - 1))
    case .escape:
      listReactor.send(.dismissError)
    default:
      break
    }
    return .continue
  }

  private func openEditor(_ mode: TaskEditViewMode) {
    let reactor = TaskEditViewReactor(provider: provider, mode: mode)
    editReactor = reactor
    titleField = TextField(text: reactor.currentState.taskTitle)
    memoField = TextField(text: reactor.currentState.taskMemo)
    focus = .title
  }

  private func handleEditor(_ key: Key, reactor: TaskEditViewReactor) {
    switch key {
    case .tab, .backTab, .up, .down:
      focus = focus == .title ? .memo : .title
    case .enter:
      reactor.send(.submit)
    case .escape:
      reactor.send(.cancel)
    default:
      switch focus {
      case .title:
        if titleField.handle(key) { reactor.send(.updateTaskTitle(titleField.text)) }
      case .memo:
        if memoField.handle(key) { reactor.send(.updateTaskMemo(memoField.text)) }
      }
    }
  }

  private func handleAlert(_ key: Key) {
    guard let alert = alerts.current else { return }
    switch key {
    case .left, .backTab:
      alerts.highlight(by: -1)
    case .right, .tab:
      alerts.highlight(by: 1)
    case .enter:
      alerts.choose()
    case .escape:
      alerts.dismiss()
    case .character(let character):
      let index = alert.buttons.firstIndex {
        $0.title.first?.lowercased() == character.lowercased()
      }
      if let index { alerts.choose(index) }
    default:
      break
    }
  }
}
