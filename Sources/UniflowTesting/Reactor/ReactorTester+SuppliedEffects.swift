import Uniflow

/// Whether a ``ReactorTester`` runs the effects of the actions it sends, or the test
/// supplies what they produced.
///
/// ```swift
/// let tester = ReactorTester(effects: .suppliedByTest) {
///   TaskListViewReactor(provider: MockServiceProvider())
/// }
/// tester.send(.refresh)  // the fetch does not run…
/// await tester.receive(.setTasks([], selectedIndex: nil)) {  // …the test gives its result
///   $0.isLoaded = true
/// }
/// ```
///
/// A test written from a recording (`uniflow test-from-recording`) is made this way: the
/// recording holds what each effect and each hook produced, so the test needs no server,
/// no database and no other screen, and it fails where `mutate` or `reduce` now do
/// something else.
public enum TesterEffects: Sendable {
  /// Effects run, and the test receives the mutations they produce. The default.
  case run
  /// `mutate` is called for each action sent, and the mutations it returns at once
  /// (`.just`, `.sequence`) are reduced as usual; an effect that would run is dropped,
  /// unstarted. Each `receive(_:)` of a mutation then gives the tester the mutation that
  /// effect, or a `transform(mutation:)` hook, produced, reduces it as the hook's output
  /// would be, and checks the state after it. (A `receive` given a predicate cannot
  /// supply a mutation; it receives only what arrives on its own.)
  ///
  /// The action hook is not called either: what is sent goes to `mutate` as it is.
  case suppliedByTest
}

extension ReactorTester {
  /// `send` with ``TesterEffects/suppliedByTest``: the immediate mutations are reduced,
  /// anything that would run is dropped.
  @usableFromInline
  func performSupplyingEffects(_ action: Reactor.Action) {
    let reactor = self.reactor
    let effect = reactor.mutate(action: action)
    for mutation in effect.immediateMutations ?? [] {
      reactor.runtime.replay(mutation, reactor)
    }
  }

  /// `receive` with ``TesterEffects/suppliedByTest``: unless a mutation already arrived on
  /// its own (from a hook's own publisher), `mutation` is reduced now as the one that came.
  func supply(_ mutation: Reactor.Mutation) {
    guard effects == .suppliedByTest, events.received.isEmpty else { return }
    reactor.runtime.replay(mutation, reactor)
  }
}
