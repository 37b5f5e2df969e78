/// A stream's outputs as the screen sees them: each can be observed or read, none can be
/// sent into.
///
/// The same output reads as a publisher, a ``Property`` or its current value, chosen by
/// the type the context expects. With no type context, a ``BehaviorRelay`` or
/// ``Property`` output reads as a ``Property`` (which is both), a `CurrentValueSubject`
/// as a ``SubjectProperty``, anything else as an `AnyPublisher`.
///
/// ```swift
/// let current: [Repository] = stream.output.repositories        // the value
/// let updates: AnyPublisher<[Repository], Never> = stream.output.repositories
/// stream.output.repositories.sink { print($0) }                  // a Property
/// print(stream.output.repositories.value)
/// ```
///
/// Unio's deprecated key-path methods (`observable(for:)`, `value(for:)`,
/// `property(for:)`) are members too, so an output with one of those names is hidden by
/// them; name outputs otherwise.
@dynamicMemberLookup
public struct OutputWrapper<Output: OutputType> {
  private let output: Output

  /// The wrapped outputs themselves, for testing tools that watch every one of them.
  package var wrapped: Output { output }

  /// Wraps `output`. Mocks use this to build the `output` of a `…StreamType`.
  public init(_ output: Output) {
    self.output = output
  }

  /// Every output read as a publisher: `stream.output.publishers.repositories`.
  public var publishers: OutputPublishers<Output> { OutputPublishers(output) }

  // MARK: - BehaviorRelay outputs

  /// A `BehaviorRelay` output as a read-only ``Property``; the default reading.
  public subscript<Element>(dynamicMember keyPath: KeyPath<Output, BehaviorRelay<Element>>)
    -> Property<Element>
  {
    Property(output[keyPath: keyPath])
  }

  /// A `BehaviorRelay` output as a publisher that replays the current value.
  @_disfavoredOverload
  public subscript<Element>(dynamicMember keyPath: KeyPath<Output, BehaviorRelay<Element>>)
    -> AnyPublisher<Element, Never>
  {
    output[keyPath: keyPath].eraseToAnyPublisher()
  }

  /// A `BehaviorRelay` output's current value.
  @_disfavoredOverload
  public subscript<Element>(dynamicMember keyPath: KeyPath<Output, BehaviorRelay<Element>>)
    -> Element
  {
    output[keyPath: keyPath].value
  }

  // MARK: - Property outputs

  /// A ``Property`` output as it is; the default reading.
  public subscript<Element>(dynamicMember keyPath: KeyPath<Output, Property<Element>>)
    -> Property<Element>
  {
    output[keyPath: keyPath]
  }

  /// A ``Property`` output as a publisher that replays the current value.
  @_disfavoredOverload
  public subscript<Element>(dynamicMember keyPath: KeyPath<Output, Property<Element>>)
    -> AnyPublisher<Element, Never>
  {
    output[keyPath: keyPath].eraseToAnyPublisher()
  }

  /// A ``Property`` output's current value.
  @_disfavoredOverload
  public subscript<Element>(dynamicMember keyPath: KeyPath<Output, Property<Element>>)
    -> Element
  {
    output[keyPath: keyPath].value
  }

  // MARK: - CurrentValueSubject outputs

  /// A `CurrentValueSubject` output (Unio's `BehaviorSubject`) as a read-only
  /// ``SubjectProperty``; the default reading.
  public subscript<Element, Failure>(
    dynamicMember keyPath: KeyPath<Output, CurrentValueSubject<Element, Failure>>
  ) -> SubjectProperty<Element, Failure> {
    SubjectProperty(output[keyPath: keyPath])
  }

  /// A `CurrentValueSubject` output's current value.
  @_disfavoredOverload
  public subscript<Element, Failure>(
    dynamicMember keyPath: KeyPath<Output, CurrentValueSubject<Element, Failure>>
  ) -> Element {
    output[keyPath: keyPath].value
  }

  /// A ``SubjectProperty`` output as it is; the default reading.
  public subscript<Element, Failure>(
    dynamicMember keyPath: KeyPath<Output, SubjectProperty<Element, Failure>>
  ) -> SubjectProperty<Element, Failure> {
    output[keyPath: keyPath]
  }

  // MARK: - Computed outputs

  /// A ``Computed`` output's current value; the default reading.
  public subscript<Element>(dynamicMember keyPath: KeyPath<Output, Computed<Element>>)
    -> Element
  {
    output[keyPath: keyPath].value
  }

  // MARK: - Other publishers

  /// A `PublishRelay` output as a publisher; the default reading.
  public subscript<Element>(dynamicMember keyPath: KeyPath<Output, PublishRelay<Element>>)
    -> AnyPublisher<Element, Never>
  {
    output[keyPath: keyPath].eraseToAnyPublisher()
  }

  /// Any other publisher output, type-erased so that nothing can be sent into it.
  @_disfavoredOverload
  public subscript<Source: Publisher>(dynamicMember keyPath: KeyPath<Output, Source>)
    -> AnyPublisher<Source.Output, Source.Failure>
  {
    output[keyPath: keyPath].eraseToAnyPublisher()
  }
}

/// A stream's outputs, each read as a publisher:
/// `apiStream.output.publishers.repositories`.
@dynamicMemberLookup
public struct OutputPublishers<Output: OutputType> {
  private let output: Output

  init(_ output: Output) {
    self.output = output
  }

  /// The output at `keyPath` as a publisher.
  public subscript<Source: Publisher>(dynamicMember keyPath: KeyPath<Output, Source>)
    -> AnyPublisher<Source.Output, Source.Failure>
  {
    output[keyPath: keyPath].eraseToAnyPublisher()
  }
}

// A struct holding only `output`: sendable when the outputs are.
extension OutputWrapper: Sendable where Output: Sendable {}
