// A stand-in for UIKit, compiled on Linux so that the library's `#if canImport(UIKit)` code
// is type-checked (see README.md). It declares only what that code and the docs' UIKit
// examples use, with the names, signatures and main-actor isolation of Apple's
// documentation. Its bodies do the least that compiles: nothing here is ever run.
@_exported import Foundation

/// Apple: `@MainActor class UIResponder : NSObject`.
@MainActor
open class UIResponder: NSObject {}

/// Apple: `@MainActor class UIView : UIResponder`.
@MainActor
open class UIView: UIResponder {
  /// Apple: `var window: UIWindow? { get }`.
  open var window: UIWindow? { nil }
}

/// Apple: `@MainActor class UIWindow : UIView`.
@MainActor
open class UIWindow: UIView {}

/// Apple: `@MainActor class UIViewController : UIResponder`.
@MainActor
open class UIViewController: UIResponder {
  private var loadedView: UIView?

  /// Apple: `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`.
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init()
  }

  /// Apple: `init?(coder: NSCoder)`.
  public required init?(coder: NSCoder) {
    super.init()
  }

  /// `UIViewController()`, which Swift sees through Objective-C's `init`.
  public override convenience init() {
    self.init(nibName: nil, bundle: nil)
  }

  /// Apple: `var isViewLoaded: Bool { get }`.
  open var isViewLoaded: Bool { loadedView != nil }

  /// Apple: `var viewIfLoaded: UIView? { get }`.
  open var viewIfLoaded: UIView? { loadedView }

  /// Apple: `func viewDidLoad()`.
  open func viewDidLoad() {}
}

/// Apple: `@MainActor class UINavigationController : UIViewController`.
@MainActor
open class UINavigationController: UIViewController {
  /// Apple: `init(rootViewController: UIViewController)`.
  public init(rootViewController: UIViewController) {
    viewControllers = [rootViewController]
    super.init(nibName: nil, bundle: nil)
  }

  /// Apple: `init?(coder: NSCoder)`.
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  /// Apple: `var viewControllers: [UIViewController]`.
  open var viewControllers: [UIViewController] = []

  /// Apple: `func setViewControllers(_ viewControllers: [UIViewController], animated: Bool)`.
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    self.viewControllers = viewControllers
  }

  /// Apple: `weak var delegate: (any UINavigationControllerDelegate)?`.
  open weak var delegate: (any UINavigationControllerDelegate)?
}

/// Apple: `@MainActor protocol UINavigationControllerDelegate : NSObjectProtocol`. Its
/// methods are `optional` there, which needs Objective-C; here each has a default instead.
@MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
  /// Apple: `optional func navigationController(_ navigationController:
  /// UINavigationController, didShow viewController: UIViewController, animated: Bool)`.
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool)
}

extension UINavigationControllerDelegate {
  /// What an `optional` method not implemented amounts to: nothing.
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {}
}

/// Apple (UIKit's additions to Foundation): `IndexPath(row:section:)`,
/// `IndexPath(item:section:)`, `var row: Int`, `var item: Int`, `var section: Int`, which
/// the tests of a ported table screen use.
extension IndexPath {
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }
}
