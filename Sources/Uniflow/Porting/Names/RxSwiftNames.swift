// The names an RxSwift or ReactorKit screen uses, so that a port compiles as it is; each is
// deprecated, and the compiler's fix-it renames it to the Combine (or Uniflow) spelling.

extension Publisher where Output: Equatable {
  /// RxSwift's name for Combine's `removeDuplicates()`.
  @available(*, deprecated, renamed: "removeDuplicates()")
  public func distinctUntilChanged() -> Publishers.RemoveDuplicates<Self> {
    removeDuplicates()
  }
}

extension Publisher {
  /// RxSwift's `flatMapLatest`: Combine spells it `map(_:)` then `switchToLatest()`.
  @available(*, deprecated, message: "use map(_:) followed by switchToLatest()")
  public func flatMapLatest<Inner: Publisher>(
    _ transform: @escaping (Output) -> Inner
  ) -> Publishers.SwitchToLatest<Inner, Publishers.Map<Self, Inner>>
  where Inner.Failure == Failure {
    map(transform).switchToLatest()
  }
}

extension InputAcceptor {
  /// RxRelay's name for sending into an input; Uniflow calls the input like a function.
  @available(*, deprecated, message: "call the input like a function: input.search(value)")
  public func accept(_ element: Element) {
    callAsFunction(element)
  }
}

extension ActionInput {
  /// RxSwift's name for ``send(_:)``.
  @available(*, deprecated, renamed: "send(_:)")
  public func onNext(_ action: Reactor.Action) {
    send(action)
  }
}

extension Effect {
  /// RxSwift's name for ``none``.
  @available(*, deprecated, renamed: "none")
  public static func empty() -> Effect { .none }
}

// ReactorKit's name before version 4. Unavailable rather than deprecated: an unavailable
// type is left out of name lookup when another module offers an available `View`, so a
// file that imports SwiftUI and Uniflow resolves `View` to SwiftUI's, while a port that
// still says `View` gets an error whose fix-it writes `ReactorView`.
/// ReactorKit's name, before version 4, for ``ReactorView``.
@available(
  *, unavailable, renamed: "ReactorView",
  message: "ReactorKit 4 renamed it too; `View` would clash with SwiftUI.View"
)
public typealias View = ReactorView
