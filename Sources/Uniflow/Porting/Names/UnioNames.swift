// The names a Unio screen uses, so that a port compiles as it is: Unio's own key-path
// methods (deprecated in Unio itself since Swift 5.1 brought key-path member lookup) and
// its RxSwift-flavoured spellings. Each is deprecated, and its message or fix-it gives
// the one live spelling.

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

extension OutputWrapper {
  /// Unio's key-path reading of an output as a publisher.
  @available(*, deprecated, message: "read the output by name: output.repositories")
  public func observable<Source: Publisher>(for keyPath: KeyPath<Output, Source>)
    -> AnyPublisher<Source.Output, Source.Failure>
  {
    self[dynamicMember: keyPath]
  }

  /// Unio's key-path reading of a `BehaviorRelay` output's value.
  @available(*, deprecated, message: "read the output by name: output.repositories.value")
  public func value<Element>(for keyPath: KeyPath<Output, BehaviorRelay<Element>>) -> Element {
    self[dynamicMember: keyPath]
  }

  /// Unio's key-path reading of a ``Property`` output's value.
  @available(*, deprecated, message: "read the output by name: output.repositories.value")
  public func value<Element>(for keyPath: KeyPath<Output, Property<Element>>) -> Element {
    self[dynamicMember: keyPath]
  }

  /// Unio's key-path reading of a `BehaviorSubject` output's value, here a
  /// `CurrentValueSubject`'s; it does not throw (see ``SubjectProperty``).
  @available(*, deprecated, message: "read the output by name: output.repositories.value")
  public func value<Element, Failure>(
    for keyPath: KeyPath<Output, CurrentValueSubject<Element, Failure>>
  ) -> Element {
    self[dynamicMember: keyPath]
  }

  /// Unio's key-path reading of a `BehaviorRelay` output as a ``Property``.
  @available(*, deprecated, message: "read the output by name: output.repositories")
  public func property<Element>(for keyPath: KeyPath<Output, BehaviorRelay<Element>>)
    -> Property<Element>
  {
    self[dynamicMember: keyPath]
  }

  /// Unio's key-path reading of a `BehaviorSubject` output as its `ThrowableProperty`, here
  /// a `CurrentValueSubject` output as a ``SubjectProperty``.
  @available(*, deprecated, message: "read the output by name: output.repositories")
  public func property<Element, Failure>(
    for keyPath: KeyPath<Output, CurrentValueSubject<Element, Failure>>
  ) -> SubjectProperty<Element, Failure> {
    self[dynamicMember: keyPath]
  }
}

extension InputWrapper {
  /// Unio's key-path sending into a relay input.
  @available(*, deprecated, message: "call the input by name: input.search(value)")
  public func accept<Element, Source: Relay<Element>>(
    _ element: Element, for keyPath: KeyPath<Input, Source>
  ) {
    let send: InputAcceptor<Element> = self[dynamicMember: keyPath]
    send(element)
  }

  /// Unio's key-path sending into a subject input (a `PublishSubject` in Unio).
  @available(*, deprecated, message: "call the input by name: input.search(value)")
  public func accept<Source: Subject>(_ element: Source.Output, for keyPath: KeyPath<Input, Source>)
  {
    let send: InputAcceptor<Source.Output> = self[dynamicMember: keyPath]
    send(element)
  }

  /// Unio's key-path delivery of an event to a subject input. A value is sent; a
  /// completion or a failure is not, because a screen cannot end an input.
  @available(
    *, deprecated,
    message: "call the input by name: input.search(value); a screen cannot complete an input"
  )
  public func onEvent<Source: Subject>(
    _ event: Event<Source.Output, Source.Failure>, for keyPath: KeyPath<Input, Source>
  ) {
    guard let element = event.element else { return }
    let send: InputAcceptor<Source.Output> = self[dynamicMember: keyPath]
    send(element)
  }
}

extension InputAcceptor {
  /// RxSwift's name for sending into an observer, as a Unio screen sends into a
  /// `PublishSubject` input.
  @available(*, deprecated, message: "call the input like a function: input.search(value)")
  public func onNext(_ element: Element) {
    callAsFunction(element)
  }
}

extension Dependency {
  /// Unio's key-path reading of a relay input as a publisher.
  @available(*, deprecated, message: "read the input by name: dependency.inputPublishers.search")
  public func inputObservable<Element, Source: Relay<Element>>(
    for keyPath: KeyPath<Input, Source>
  ) -> AnyPublisher<Element, Never> {
    inputPublishers[dynamicMember: keyPath]
  }

  /// Unio's key-path reading of a subject input as a publisher.
  @available(*, deprecated, message: "read the input by name: dependency.inputPublishers.search")
  public func inputObservable<Source: Subject>(for keyPath: KeyPath<Input, Source>)
    -> AnyPublisher<Source.Output, Source.Failure>
  {
    inputPublishers[dynamicMember: keyPath]
  }
}

extension Computed {
  /// Unio's label for ``init(_:)-(()->Element)``.
  // Disfavoured, so that a trailing closure, `Computed { … }`, still means `init(_:)`.
  @_disfavoredOverload
  @available(*, deprecated, renamed: "init(_:)")
  public init(getter: @escaping () -> Element) {
    self.init(getter)
  }

  /// Unio's constant `Computed`: `element` is read back unchanged.
  // Disfavoured: otherwise a trailing closure, `Computed { … }`, could also be read as a
  // captured closure value, a `Computed<() -> Int>`, and the call would be ambiguous.
  @_disfavoredOverload
  @available(*, deprecated, message: "capture the value in the closure: Computed { element }")
  public init(capture element: Element) {
    self.init({ element })
  }
}

extension SubjectProperty {
  /// Unio's throwing read of a `BehaviorSubject`'s value. A Combine subject keeps its
  /// last value after it fails, so reading it never throws.
  @available(*, deprecated, renamed: "value")
  public func throwableValue() throws -> Element { value }
}

/// Unio's read-only view of a `BehaviorSubject`: here a ``SubjectProperty`` over a
/// `CurrentValueSubject` that fails with any error.
@available(*, deprecated, message: "use SubjectProperty<Element, any Error>")
public typealias ThrowableProperty<Element> = SubjectProperty<Element, any Error>
