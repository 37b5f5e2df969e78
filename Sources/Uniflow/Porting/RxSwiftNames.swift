// The names a Unio or RxSwift screen uses, so that a port compiles as it is; each is
// deprecated, and the compiler's fix-it renames it to the Combine (or Uniflow) spelling.

extension Dependency {
  /// Unio's name for ``inputPublishers``.
  @available(*, deprecated, renamed: "inputPublishers")
  public var inputObservables: InputPublishers<Input> { inputPublishers }
}

extension OutputWrapper {
  /// Unio's name for ``publishers``.
  @available(*, deprecated, renamed: "publishers")
  public var observables: OutputPublishers<Output> { publishers }
}

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
