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
    get { view[keyPath: storageKeyPath].reactor }
    set {
      view[keyPath: storageKeyPath].reactor = newValue
      view.disposeBag = DisposeBag()
      if let newValue {
        view.bind(reactor: newValue)
      }
    }
  }
}
