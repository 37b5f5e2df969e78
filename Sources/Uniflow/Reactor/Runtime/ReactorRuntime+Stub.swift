extension ReactorRuntime {
  func setStubEnabled(_ isEnabled: Bool, reactor: some Reactor<Action, Mutation, State>) {
    prepare(reactor)
    core.engine.setStubEnabled(isEnabled, initial: reactor.initialState)
  }

  func setStubState(_ newState: State, reactor: some Reactor<Action, Mutation, State>) {
    prepare(reactor)
    core.engine.setStubState(newState)
    deliverNow(reactor) { observers.tell(newState) }
  }
}
