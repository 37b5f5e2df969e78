import TerminalKit
import TodoCore
import Uniflow

/// The Todo app's terminal view: it turns keys into reactor actions, and draws what it
/// observes: the list reactor's states (bound as ReactorKit's `ReactorView` binds), the edit
/// reactor's states while the edit screen is open, the alert service's alert, and the
/// errors the reactors pulse. It never reads a reactor's `currentState`.
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
public final class TodoApp: ReactorView {
  /// What the app wants after a key.
  public enum Outcome: Equatable, Sendable {
    case `continue`, quit
  }

  public var disposeBag = DisposeBag()
  /// The list reactor; assigning one binds the view to it.
  @ViewReactor public var reactor: TaskListViewReactor?

  private let provider: any ServiceProviderType
  private let alerts: AlertPresenter
  private let alertBag = DisposeBag()
  private var editorBag = DisposeBag()
  private var editReactor: TaskEditViewReactor?

  // What the view shows, as observed.
  private var list = TaskListViewReactor.State()
  private var listError: String?
  private var editorState: TaskEditViewReactor.State?
  private var editorError: String?
  private var alert: PresentedAlert?
  private var titleField = TextField(limit: TodoTask.titleLimit)
  private var memoField = TextField(limit: TodoTask.memoLimit)
  private var focus = TodoScreen.Field.title

  /// Where the reactors write what they do (`Reactor.logChanges`): the list reactor and
  /// every edit reactor the app opens; `nil` for nowhere.
  public var changeLog: ((String) -> Void)? {
    didSet { reactor?.logChanges(changeLog) }
  }

  /// Where the reactors record the session (`Reactor.record(into:redacting:)`): the list
  /// reactor and every edit reactor the app opens, memos hidden; `nil` for nowhere.
  public var recorder: SessionRecorder? {
    didSet {
      guard let reactor else { return }
      if let recorder {
        reactor.record(into: recorder, redacting: TaskListViewReactor.redaction)
      } else {
        reactor.stopRecording()
      }
    }
  }

  /// An app over `provider`; `alerts` must be the provider's alert service.
  public init(provider: any ServiceProviderType, alerts: AlertPresenter) {
    self.provider = provider
    self.alerts = alerts
    alerts.alert.sink { [weak self] in self?.alert = $0 }.disposed(by: alertBag)
    reactor = TaskListViewReactor(provider: provider)
  }

  /// An app over the database, with alerts drawn in the terminal.
  public convenience init(database: TodoDatabase) {
    let alerts = AlertPresenter()
    self.init(provider: ServiceProvider(database: database, alertService: alerts), alerts: alerts)
  }

  public func bind(reactor: TaskListViewReactor) {
    reactor.state.sink { [weak self] in self?.list = $0 }.disposed(by: disposeBag)
    reactor.pulse(\.$errorMessage).sink { [weak self] in self?.listError = $0 }
      .disposed(by: disposeBag)
  }

  /// Loads the list.
  public func start() {
    reactor?.send(.refresh)
  }

  /// What to draw now.
  public var screen: TodoScreen {
    TodoScreen(
      list: list,
      editor: editorState.map { state in
        TodoScreen.Editor(state: state, title: titleField, memo: memoField, focus: focus)
      },
      alert: alert,
      errorMessage: editorState == nil ? listError : editorError)
  }

  /// Handles one key.
  public func handle(_ key: Key) -> Outcome {
    if key == .control("c") || (key == .control("d") && editReactor == nil) {
      return .quit
    }
    if alert != nil {
      handleAlert(key)
    } else if let editReactor {
      handleEditor(key, reactor: editReactor)
    } else if let reactor {
      return handleList(key, reactor: reactor)
    }
    return .continue
  }

  private func handleList(_ key: Key, reactor listReactor: TaskListViewReactor) -> Outcome {
    let state = list
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
    reactor.logChanges(changeLog)
    if let recorder { reactor.record(into: recorder, redacting: TaskEditViewReactor.redaction) }
    closeEditor()
    editReactor = reactor
    focus = .title
    reactor.state.sink { [weak self] state in
      guard let self else { return }
      if state.isDismissed {
        closeEditor()
        return
      }
      if editorState == nil {
        // The first state, delivered at once, fills the fields; after that they own
        // the text being edited.
        titleField = TextField(text: state.taskTitle, limit: TodoTask.titleLimit)
        memoField = TextField(text: state.taskMemo, limit: TodoTask.memoLimit)
      }
      editorState = state
    }
    .disposed(by: editorBag)
    reactor.pulse(\.$errorMessage).sink { [weak self] in self?.editorError = $0 }
      .disposed(by: editorBag)
  }

  private func closeEditor() {
    editReactor = nil
    editorState = nil
    editorError = nil
    editorBag = DisposeBag()
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
    guard let alert else { return }
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
