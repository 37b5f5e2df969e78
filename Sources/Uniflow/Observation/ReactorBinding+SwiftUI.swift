#if canImport(SwiftUI)
  import SwiftUI

  // The SwiftUI face of `ReactorBinding`: all its rules live in the platform-neutral type,
  // tested on every platform; this only hands its getter and setter to `Binding`.
  extension Reactor {
    /// A `SwiftUI.Binding` to `keyPath` of the state that sends `action` for a new value;
    /// the rules are ``ReactorBinding``'s.
    ///
    /// ```swift
    /// TextField("Search", text: reactor.binding(\.query, send: Action.setQuery))
    /// ```
    // Disfavoured: chosen only where a `Binding` is expected, so that
    // `let query = reactor.binding(…)` is a `ReactorBinding` on every platform.
    @_disfavoredOverload
    public func binding<Value: Equatable>(
      _ keyPath: KeyPath<State, Value>, send action: @escaping (Value) -> Action
    ) -> Binding<Value> {
      let binding: ReactorBinding<Value> = binding(keyPath, send: action)
      // SwiftUI's `Binding` takes `@isolated(any) @Sendable` closures, which do not take the
      // main actor from their context: each says it, as `binding` is the main actor's.
      return Binding(
        get: { @MainActor in binding.value }, set: { @MainActor in binding.value = $0 })
    }
  }
#endif
