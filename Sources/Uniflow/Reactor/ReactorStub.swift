/// A reactor's stub, for view tests: with ``Reactor/isStubEnabled`` on, sent actions are
/// recorded instead of handled, and the test sets the state the view shows.
///
/// ```swift
/// reactor.isStubEnabled = true
/// view.reactor = reactor
/// reactor.stub.state.isLoading = true        // the view shows a spinner
/// view.refreshButton.tap()
/// #expect(reactor.stub.actions.last == .refresh)
/// ```
@MainActor
public final class ReactorStub<R: Reactor> {
  private weak var reactor: R?
  var isEnabled = false {
    didSet { reactor?.runtime.updateFastPath() }
  }

  /// The actions sent while the stub was on, oldest first.
  public private(set) var actions: [R.Action] = []

  init(reactor: R) {
    self.reactor = reactor
  }

  /// The reactor's state; setting it delivers the new state to every observer.
  public var state: R.State {
    get { reactor.map { $0.runtime.currentState(of: $0) } ?? fallbackState() }
    set {
      guard let reactor else { return }
      reactor.runtime.setState(newValue, reactor: reactor)
    }
  }

  func record(_ action: R.Action) {
    actions.append(action)
  }

  private func fallbackState() -> R.State {
    preconditionFailure("The stub's reactor has been released")
  }
}

extension Reactor {
  /// Whether the reactor is stubbed: actions are recorded in ``stub`` and neither
  /// `mutate` nor `reduce` runs.
  public var isStubEnabled: Bool {
    get { runtime.stubStorage?.isEnabled ?? false }
    set { stub.isEnabled = newValue }
  }

  /// The reactor's stub: the recorded actions and a settable state.
  public var stub: ReactorStub<Self> {
    if let stub = runtime.stubStorage { return stub }
    let stub = ReactorStub(reactor: self)
    runtime.stubStorage = stub
    return stub
  }
}
