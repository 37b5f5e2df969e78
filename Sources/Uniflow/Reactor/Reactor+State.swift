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
  /// reactor.action.send(.refresh)
  /// ```
  public var action: ActionInput<Self> {
    ActionInput(inbox: runtime.actionInbox(for: self))
  }
}
