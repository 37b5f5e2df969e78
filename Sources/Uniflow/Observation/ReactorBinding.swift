/// A two-way connection between one value of a reactor's state and the action that sets
/// it: what a text field or a toggle needs. Reading gives the state's value; writing sends
/// the action, unless the state already holds that value.
///
/// That rule is what keeps a control and a reactor from talking in circles: when the state
/// echoes the value back to the control, and the control writes it again, nothing is sent.
/// A value the reducer changes (trims, clamps) is what the control shows next. Values are
/// compared with `==`; for text that is canonical equivalence, so writing "é" spelled as
/// "e" plus a combining accent, where the state holds the composed "é", sends nothing.
///
/// ```swift
/// let query = reactor.binding(\.query, send: Action.setQuery)
/// query.value = "swift"        // sends .setQuery("swift")
/// query.value = "swift"        // the state already says "swift": nothing is sent
/// ```
///
/// In SwiftUI the same call gives a `SwiftUI.Binding`:
/// `TextField("Search", text: reactor.binding(\.query, send: Action.setQuery))`.
@MainActor
public struct ReactorBinding<Value: Equatable> {
  private let read: @MainActor () -> Value
  private let write: @MainActor (Value) -> Void

  init(read: @escaping @MainActor () -> Value, write: @escaping @MainActor (Value) -> Void) {
    self.read = read
    self.write = write
  }

  /// The state's value; setting it sends the action when the value differs.
  public var value: Value {
    get { read() }
    nonmutating set {
      guard newValue != read() else { return }
      write(newValue)
    }
  }
}

extension Reactor {
  /// A two-way connection between `keyPath` of the state and the action `send` makes
  /// from a new value; see ``ReactorBinding``.
  ///
  /// ```swift
  /// let isOn = reactor.binding(\.isDone, send: Action.setDone)
  /// isOn.value.toggle()
  /// ```
  public func binding<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, send action: @escaping (Value) -> Action
  ) -> ReactorBinding<Value> {
    ReactorBinding(
      read: { [self] in currentState[keyPath: keyPath] },
      write: { [self] in self.send(action($0)) })
  }
}
