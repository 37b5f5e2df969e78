extension ReactorRuntime {
  /// Adds an observer and hands it the current state first. Actions it sends from that
  /// first call wait until it has returned.
  @inlinable
  func observe(
    _ reactor: some Reactor<Action, Mutation, State>, _ receive: @escaping (State) -> Void
  ) -> StateObserver<State> {
    let current = currentState(of: reactor)
    let observer = observers.add(receive)
    deliverNow(reactor) { observer.receive?(current) }
    return observer
  }
}
