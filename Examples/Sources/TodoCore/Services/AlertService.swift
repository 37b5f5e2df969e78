import Uniflow

/// How an alert button looks: UIKit's `UIAlertAction.Style`.
public enum AlertActionStyle: Sendable {
  case `default`, cancel, destructive
}

/// How an alert is presented: UIKit's `UIAlertController.Style`.
public enum AlertControllerStyle: Sendable {
  case alert, actionSheet
}

/// One button of an alert, usually an enum case per button (RxTodo's `AlertActionType`).
public protocol AlertActionType: Sendable {
  var title: String? { get }
  var style: AlertActionStyle { get }
}

/// Shows an alert and sends the button the user chose, then finishes.
@MainActor
public protocol AlertServiceType: AnyObject {
  func show<Action: AlertActionType>(
    title: String?,
    message: String?,
    preferredStyle: AlertControllerStyle,
    actions: [Action]
  ) -> AnyPublisher<Action, Never>
}
