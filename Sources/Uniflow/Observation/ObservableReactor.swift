/// A reactor as an `ObservableObject`, for SwiftUI views that use `@StateObject` or
/// `@ObservedObject`: `objectWillChange` fires for every new state.
///
/// ```swift
/// struct CounterScreen: SwiftUI.View {
///   @StateObject var counter = ObservableReactor(CounterReactor())
///   var body: some SwiftUI.View {
///     Button("\(counter.count)") { counter.send(.increase) }
///   }
/// }
/// ```
@MainActor
@dynamicMemberLookup
public final class ObservableReactor<Reactor: Uniflow.Reactor>: @preconcurrency ObservableObject {
  /// The reactor.
  public let reactor: Reactor
  public let objectWillChange = ObservableObjectPublisher()
  private var subscription: AnyCancellable?

  /// Wraps `reactor`.
  public init(_ reactor: Reactor) {
    self.reactor = reactor
    let willChange = objectWillChange
    subscription = reactor.state.dropFirst().sink { _ in willChange.send() }
  }

  /// The reactor's current state.
  public var state: Reactor.State { reactor.currentState }

  /// A member of the current state: `counter.count`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Reactor.State, Value>) -> Value {
    reactor.currentState[keyPath: keyPath]
  }

  /// Sends `action` to the reactor.
  public func send(_ action: Reactor.Action) {
    reactor.send(action)
  }
}
