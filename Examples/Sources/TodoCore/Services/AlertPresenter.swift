import Uniflow

/// An alert waiting for an answer, as a view draws it.
public struct PresentedAlert: Equatable, Sendable {
  public struct Button: Equatable, Sendable {
    public var title: String
    public var style: AlertActionStyle

    public init(title: String, style: AlertActionStyle) {
      self.title = title
      self.style = style
    }
  }

  public var title: String?
  public var message: String?
  public var buttons: [Button]
  /// The button Enter would choose.
  public var highlightedIndex: Int

  public init(title: String?, message: String?, buttons: [Button], highlightedIndex: Int = 0) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.highlightedIndex = highlightedIndex
  }
}

/// The alert service for a view that draws alerts itself (the terminal): the view
/// observes ``alert`` and answers with ``choose(_:)``.
@MainActor
public final class AlertPresenter: AlertServiceType {
  private let shown = BehaviorRelay<PresentedAlert?>(value: nil)
  private var answer: ((Int?) -> Void)?

  /// The alert on screen, if any, now and as it changes.
  public var alert: Property<PresentedAlert?> { Property(shown) }

  /// The alert on screen, if any.
  public private(set) var current: PresentedAlert? {
    get { shown.value }
    set { shown.accept(newValue) }
  }

  public init() {}

  public func show<Action: AlertActionType>(
    title: String?,
    message: String?,
    preferredStyle: AlertControllerStyle,
    actions: [Action]
  ) -> AnyPublisher<Action, Never> {
    answer?(nil)
    let subject = PassthroughSubject<Action, Never>()
    current = PresentedAlert(
      title: title, message: message,
      buttons: actions.map { .init(title: $0.title ?? "", style: $0.style) })
    answer = { index in
      if let index, actions.indices.contains(index) { subject.send(actions[index]) }
      subject.send(completion: .finished)
    }
    return subject.eraseToAnyPublisher()
  }

  /// Moves the highlight by `offset` buttons, wrapping around.
  public func highlight(by offset: Int) {
    guard var alert = current, !alert.buttons.isEmpty else { return }
    let count = alert.buttons.count
    alert.highlightedIndex = ((alert.highlightedIndex + offset) % count + count) % count
    current = alert
  }

  /// Answers the alert with the button at `index`, or the highlighted one.
  public func choose(_ index: Int? = nil) {
    guard let alert = current else { return }
    let answer = self.answer
    current = nil
    self.answer = nil
    answer?(index ?? alert.highlightedIndex)
  }

  /// Dismisses the alert without choosing a button: the publisher finishes empty.
  public func dismiss() {
    let answer = self.answer
    current = nil
    self.answer = nil
    answer?(nil)
  }
}
