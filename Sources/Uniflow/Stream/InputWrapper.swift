/// A stream's inputs as the screen sees them: each can be sent into, none can be observed.
///
/// ```swift
/// stream.input.search("swift")              // call it
/// stream.input.refresh()                    // a Void input
/// textField.publisher.subscribe(stream.input.search)
/// ```
@dynamicMemberLookup
public struct InputWrapper<Input: InputType> {
  @usableFromInline let input: Input

  /// Wraps `input`. Mocks use this to build the `input` of a `…StreamType`.
  public init(_ input: Input) {
    self.input = input
  }

  /// The input at `keyPath`, ready to send into. Inlined, so that sending calls the
  /// concrete relay's `accept` from the app's module.
  @inlinable
  public subscript<Element, Source: Relay<Element>>(
    dynamicMember keyPath: KeyPath<Input, Source>
  ) -> InputAcceptor<Element> {
    let relay = input[keyPath: keyPath]
    return InputAcceptor { relay.accept($0) }
  }

  /// The input at `keyPath` as a closure, for APIs that take one:
  /// `button.onTap(stream.input.refresh)`.
  @_disfavoredOverload
  public subscript<Element, Source: Relay<Element>>(
    dynamicMember keyPath: KeyPath<Input, Source>
  ) -> (Element) -> Void {
    let relay = input[keyPath: keyPath]
    return { relay.accept($0) }
  }

  /// A `Void` input as a closure that takes no argument: `onTap(stream.input.refresh)`.
  @_disfavoredOverload
  public subscript<Source: Relay<Void>>(dynamicMember keyPath: KeyPath<Input, Source>)
    -> () -> Void
  {
    let relay = input[keyPath: keyPath]
    return { relay.accept(()) }
  }

  /// An input backed by a Combine subject (Unio's `PublishSubject`), ready to send into.
  /// The screen can only send values: it cannot complete the subject or make it fail.
  @inlinable
  public subscript<Source: Subject>(dynamicMember keyPath: KeyPath<Input, Source>)
    -> InputAcceptor<Source.Output>
  {
    let subject = input[keyPath: keyPath]
    return InputAcceptor { subject.send($0) }
  }

  /// A subject-backed input as a closure, for APIs that take one.
  @_disfavoredOverload
  public subscript<Source: Subject>(dynamicMember keyPath: KeyPath<Input, Source>)
    -> (Source.Output) -> Void
  {
    let subject = input[keyPath: keyPath]
    return { subject.send($0) }
  }
}

// A struct holding only `input`: sendable when the inputs are (relays of sendable values).
extension InputWrapper: Sendable where Input: Sendable {}
