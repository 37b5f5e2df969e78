import Observation

/// A reactor as an `Observable` object: a view (or `withObservationTracking`) that reads
/// `counter.count` is told when `count` changes, and not when only another part of the
/// state does.
///
/// ```swift
/// struct CounterScreen: SwiftUI.View {
///   @State var counter = ObservedReactor(CounterReactor())
///   var body: some SwiftUI.View {
///     Button("\(counter.count)") { counter.send(.increase) }
///   }
/// }
/// ```
///
/// Equatable members are compared to decide whether they changed; reading a member that
/// is not `Equatable` registers for every state change.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@dynamicMemberLookup
public final class ObservedReactor<Reactor: Uniflow.Reactor>: Observable {
  /// The reactor.
  public let reactor: Reactor
  private let registrar = ObservationRegistrar()
  private var state: Reactor.State
  private var watched: [AnyKeyPath: Watch] = [:]
  private var subscription: AnyCancellable?

  /// How to tell whether one member changed, and how to announce it.
  private struct Watch {
    let changed: (Reactor.State, Reactor.State) -> Bool
    let willSet: (ObservedReactor) -> Void
    let didSet: (ObservedReactor) -> Void
  }

  /// Wraps `reactor`.
  public init(_ reactor: Reactor) {
    self.reactor = reactor
    state = reactor.currentState
    subscription = reactor.state.dropFirst().sink { [weak self] newState in
      MainActor.assumeIsolated { self?.update(to: newState) }
    }
  }

  /// A member of the current state, observed on its own.
  public subscript<Value: Equatable>(
    dynamicMember keyPath: KeyPath<Reactor.State, Value>
  ) -> Value {
    let selfKeyPath = \ObservedReactor.[dynamicMember: keyPath]
    if watched[keyPath] == nil {
      watched[keyPath] = Watch(
        changed: { $0[keyPath: keyPath] != $1[keyPath: keyPath] },
        willSet: { $0.registrar.willSet($0, keyPath: selfKeyPath) },
        didSet: { $0.registrar.didSet($0, keyPath: selfKeyPath) }
      )
    }
    registrar.access(self, keyPath: selfKeyPath)
    return state[keyPath: keyPath]
  }

  /// A member of the current state that is not `Equatable`; observed with every change.
  @_disfavoredOverload
  public subscript<Value>(dynamicMember keyPath: KeyPath<Reactor.State, Value>) -> Value {
    registrar.access(self, keyPath: \.wholeState)
    return state[keyPath: keyPath]
  }

  /// Sends `action` to the reactor.
  public func send(_ action: Reactor.Action) {
    reactor.send(action)
  }

  /// The whole state, observed with every change.
  public var wholeState: Reactor.State {
    registrar.access(self, keyPath: \.wholeState)
    return state
  }

  private func update(to newState: Reactor.State) {
    let old = state
    let changes = watched.values.filter { $0.changed(old, newState) }
    for change in changes { change.willSet(self) }
    registrar.willSet(self, keyPath: \.wholeState)
    state = newState
    registrar.didSet(self, keyPath: \.wholeState)
    for change in changes { change.didSet(self) }
  }
}
