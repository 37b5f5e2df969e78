import TerminalKit
import TodoCore

/// Everything the Todo terminal view draws, as one value: the list, the edit screen when
/// it is open, and the alert when one is waiting.
public struct TodoScreen: Equatable, Sendable {
  /// A field of the edit screen.
  public enum Field: Equatable, Sendable {
    case title, memo
  }

  /// The edit screen: its reactor's state and the text fields' editing state.
  public struct Editor: Equatable, Sendable {
    public var state: TaskEditViewReactor.State
    public var title: TextField
    public var memo: TextField
    public var focus: Field

    public init(
      state: TaskEditViewReactor.State, title: TextField, memo: TextField, focus: Field = .title
    ) {
      self.state = state
      self.title = title
      self.memo = memo
      self.focus = focus
    }
  }

  public var list: TaskListViewReactor.State
  public var editor: Editor?
  public var alert: PresentedAlert?
  /// The error line under the screen on top, as its reactor last pulsed it.
  public var errorMessage: String?

  public init(
    list: TaskListViewReactor.State, editor: Editor? = nil, alert: PresentedAlert? = nil,
    errorMessage: String? = nil
  ) {
    self.list = list
    self.editor = editor
    self.alert = alert
    self.errorMessage = errorMessage
  }
}
