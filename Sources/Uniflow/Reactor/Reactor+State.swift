extension Reactor {
  /// The current state.
  ///
  /// ```swift
  /// if reactor.currentState.isLoading { return }
  /// ```
  @inlinable
  public var currentState: State {
    runtime.currentState(of: self)
  }

  /// Handles `action`: before returning when it is sent on the main actor and its effect
  /// is synchronous, otherwise as soon as the effect produces mutations.
  ///
  /// ```swift
  /// reactor.send(.refresh)
  /// ```
  @inlinable
  public func send(_ action: Action) {
    runtime.send(action, to: self)
  }

  /// The states, starting with the current one; each observer sees every state in order.
  ///
  /// ```swift
  /// reactor.state.map(\.count).removeDuplicates()
  ///   .sink { label.text = "\($0)" }
  ///   .store(in: bag)
  /// ```
  @inlinable
  public var state: ReactorStatePublisher<Self> {
    ReactorStatePublisher(reactor: self)
  }

  /// The action input, for binding publishers and for sending from any thread;
  /// ReactorKit's `reactor.action`.
  ///
  /// ```swift
  /// refreshTaps.map { .refresh }.subscribe(reactor.action)
  /// DispatchQueue.global().async { reactor.action.send(.refresh) }
  /// ```
  ///
  /// It can be read on any thread, and it is `Sendable`. An action sent on the main actor
  /// while none is on its way is handled before `send` returns; one sent elsewhere hops to
  /// the main actor, in the order it was sent. `ReactorTester` counts actions on their way
  /// as in flight, so a `receive` waits for them.
  public nonisolated var action: ActionInput<Self> {
    ActionInput(inbox: runtime.actionInbox(for: self), runtime: runtime)
  }
}
