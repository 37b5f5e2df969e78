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
///
/// While the stub is on, ``Reactor/currentState`` and the state observers see the stub's
/// state (the reactor's `initialState` until the test sets one), not what `reduce` or
/// `transform(state:)` made.
@MainActor
public struct ReactorStub<Reactor: Uniflow.Reactor> {
  let reactor: Reactor

  /// The actions sent while the stub was on, oldest first.
  public var actions: [Reactor.Action] { reactor.runtime.core.engine.stubActions }

  /// The state the view shows; setting it delivers the new state to every observer.
  public var state: Reactor.State {
    get { reactor.currentState }
    nonmutating set { reactor.runtime.setStubState(newValue, reactor: reactor) }
  }
}

extension Reactor {
  /// Whether the reactor is stubbed: actions are recorded in ``stub`` and neither
  /// `mutate` nor `reduce` runs.
  public var isStubEnabled: Bool {
    get { runtime.core.engine.isStubEnabled }
    set { runtime.setStubEnabled(newValue, reactor: self) }
  }

  /// The reactor's stub: the recorded actions and a settable state.
  public var stub: ReactorStub<Self> { ReactorStub(reactor: self) }
}
