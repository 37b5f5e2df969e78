/// What a stream's logic receives: its state, its extra dependencies and its inputs as
/// publishers.
///
/// Only ``PrimitiveStream`` creates a `Dependency`; an app cannot, so inputs can only be
/// sent through ``InputWrapper`` and observed here.
///
/// ```swift
/// let apiStream = dependency.extra.apiStream
/// dependency.inputPublishers.search
///   .bind(to: apiStream.input.search)
///   .disposed(by: disposeBag)
/// ```
public struct Dependency<Input: InputType, State: StateType, Extra: ExtraType> {
  /// The stream's internal state.
  public let state: State
  /// The stream's other dependencies.
  public let extra: Extra
  /// The inputs, each read as a publisher: `dependency.inputPublishers.search`.
  public let inputPublishers: InputPublishers<Input>

  init(input: Input, state: State, extra: Extra) {
    self.state = state
    self.extra = extra
    self.inputPublishers = InputPublishers(input)
  }
}

/// A stream's inputs, each read as a publisher through dynamic member lookup.
///
/// ```swift
/// dependency.inputPublishers.search.sink { print($0) }
/// ```
@dynamicMemberLookup
public struct InputPublishers<Input: InputType> {
  private let input: Input

  init(_ input: Input) {
    self.input = input
  }

  /// The input at `keyPath` as a publisher.
  public subscript<Element, Source: Relay<Element>>(
    dynamicMember keyPath: KeyPath<Input, Source>
  ) -> AnyPublisher<Element, Never> {
    input[keyPath: keyPath].eraseToAnyPublisher()
  }
}
