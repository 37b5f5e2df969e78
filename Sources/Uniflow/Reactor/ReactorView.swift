/// A view that shows a reactor: ``bind(reactor:)`` runs each time a reactor is assigned,
/// with a fresh ``disposeBag``; ReactorKit's `ReactorView` (`View` before ReactorKit 4),
/// without the Objective-C runtime.
///
/// The name is not `View`, so that a file importing both SwiftUI and Uniflow can still
/// write `struct Screen: View`.
///
/// Declare the reactor property with ``ViewReactor``:
///
/// ```swift
/// final class CounterView: ReactorView {
///   var disposeBag = DisposeBag()
///   @ViewReactor var reactor: CounterReactor?
///
///   func bind(reactor: CounterReactor) {
///     reactor.state.map(\.count).sink { [weak self] in self?.render($0) }
///       .disposed(by: disposeBag)
///   }
/// }
///
/// view.reactor = CounterReactor()   // bind(reactor:) runs
/// ```
@MainActor
public protocol ReactorView: AnyObject {
  /// The reactor type the view shows.
  associatedtype Reactor: Uniflow.Reactor

  /// The subscriptions made in ``bind(reactor:)``; replaced when a new reactor arrives.
  var disposeBag: DisposeBag { get set }

  /// The reactor; assigning one calls ``bind(reactor:)``.
  var reactor: Reactor? { get set }

  /// Connects the view to `reactor`: send actions, observe state.
  func bind(reactor: Reactor)
}

/// The property wrapper for a ``ReactorView``'s `reactor`: assigning a reactor replaces the
/// view's dispose bag and calls `bind(reactor:)`.
///
/// ```swift
/// @ViewReactor var reactor: CounterReactor?
/// ```
@MainActor
@propertyWrapper
public struct ViewReactor<Reactor: Uniflow.Reactor> {
  private var reactor: Reactor?
  // A reactor assigned to a ``DeferredReactorView`` before its view loaded, not bound yet.
  private var isAwaitingView = false

  /// Creates the property without a reactor; assign one to bind it.
  public init() {}

  /// Creates the property holding `wrappedValue` without binding it (the view does not
  /// exist yet); assign the reactor again after `init` to bind it.
  public init(wrappedValue: Reactor?) {
    reactor = wrappedValue
  }

  @available(
    *, unavailable, message: "@ViewReactor works only on a class conforming to ReactorView"
  )
  public var wrappedValue: Reactor? {
    get { fatalError("@ViewReactor works only on a class conforming to ReactorView") }
    set { fatalError("@ViewReactor works only on a class conforming to ReactorView") }
  }

  public static subscript<Owner: ReactorView>(
    _enclosingInstance view: Owner,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Reactor?>,
    storage storageKeyPath: ReferenceWritableKeyPath<Owner, ViewReactor<Reactor>>
  ) -> Reactor? where Owner.Reactor == Reactor {
    get {
      // A reactor that waited for the view is bound at the first read once the view
      // exists: `bindDeferredReactor()` is such a read.
      let storage = view[keyPath: storageKeyPath]
      if storage.isAwaitingView, let reactor = storage.reactor, isReady(view) {
        view[keyPath: storageKeyPath].isAwaitingView = false
        view.bind(reactor: reactor)
      }
      return storage.reactor
    }
    set {
      view[keyPath: storageKeyPath].reactor = newValue
      view.disposeBag = DisposeBag()
      let waits = newValue != nil && !isReady(view)
      view[keyPath: storageKeyPath].isAwaitingView = waits
      if let newValue, !waits {
        view.bind(reactor: newValue)
      }
    }
  }

  private static func isReady(_ view: some ReactorView) -> Bool {
    (view as? any DeferredReactorView)?.isViewLoaded ?? true
  }
}

/// A ``ReactorView`` whose binding waits until its view has loaded: a view controller
/// given its reactor before it is shown, as every storyboard screen is. ReactorKit's
/// `DeferredReactorView` (`StoryboardView` before ReactorKit 4).
///
/// A reactor assigned before the view loads is kept, not bound; assigning another one
/// meanwhile replaces it, so only the last is bound. Once the view has loaded, call
/// ``bindDeferredReactor()`` (from `viewDidLoad()`), and it is bound; a reactor assigned
/// after that is bound at once. Nothing else holds the waiting reactor, so a view
/// controller released before its view loads is freed with it.
///
/// `UIViewController` and `NSViewController` already have `isViewLoaded`, so a view
/// controller conforms with no more code than ReactorKit asks for, plus one line (ReactorKit
/// swizzles `loadView()` instead; Uniflow uses no Objective-C runtime):
///
/// ```swift
/// final class ProfileViewController: UIViewController, DeferredReactorView {
///   var disposeBag = DisposeBag()
///   @ViewReactor var reactor: ProfileReactor?
///
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     bindDeferredReactor()
///   }
///
///   func bind(reactor: ProfileReactor) { … }
/// }
/// ```
@MainActor
public protocol DeferredReactorView: ReactorView {
  /// Whether the view exists yet; until it does, an assigned reactor waits.
  var isViewLoaded: Bool { get }
}

extension DeferredReactorView {
  /// Binds the reactor that was assigned before the view loaded, if there is one and it
  /// is not bound yet. Call it from `viewDidLoad()`.
  public func bindDeferredReactor() {
    _ = reactor
  }
}
