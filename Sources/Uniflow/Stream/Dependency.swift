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

  /// The input at `keyPath` as a publisher that can only be observed.
  public subscript<Element, Source: Relay<Element>>(
    dynamicMember keyPath: KeyPath<Input, Source>
  ) -> InputPublisher<Element> {
    InputPublisher(relay: input[keyPath: keyPath])
  }

  /// The input at `keyPath`, type-erased, where the context asks for an `AnyPublisher`.
  @_disfavoredOverload
  public subscript<Element, Source: Relay<Element>>(
    dynamicMember keyPath: KeyPath<Input, Source>
  ) -> AnyPublisher<Element, Never> {
    input[keyPath: keyPath].eraseToAnyPublisher()
  }

  /// An input backed by a Combine subject, as a publisher that can only be observed. It
  /// carries the subject's completion and failure: only code that holds the subject
  /// itself can end it, since the screen can only send values.
  public subscript<Source: Subject>(dynamicMember keyPath: KeyPath<Input, Source>)
    -> AnyPublisher<Source.Output, Source.Failure>
  {
    input[keyPath: keyPath].eraseToAnyPublisher()
  }
}

/// One input of a stream as its logic sees it: a publisher of what the screen sends, with
/// no way to send. Its `sink` observes the input's relay directly.
///
/// ```swift
/// dependency.inputPublishers.search
///   .sink { query in state.query.accept(query) }
///   .disposed(by: disposeBag)
/// ```
public struct InputPublisher<Element>: Publisher {
  public typealias Output = Element
  public typealias Failure = Never

  private let relay: any Relay<Element>

  init(relay: any Relay<Element>) {
    self.relay = relay
  }

  /// Calls `receiveValue` with each value the screen sends into this input.
  public func sink(receiveValue: @escaping (Element) -> Void) -> AnyCancellable {
    relay.sink(receiveValue: receiveValue)
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Element, Downstream.Failure == Never {
    relay.receive(subscriber: subscriber)
  }
}
