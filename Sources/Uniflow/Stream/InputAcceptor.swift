/// One input of a stream, as the screen sees it: something to send values into, and
/// nothing to observe.
///
/// Call it like a function, hand it (`input.search.callAsFunction`) to anything that takes a closure, or
/// subscribe a publisher to it.
///
/// ```swift
/// stream.input.search("swift")
/// stream.input.refresh()
/// textPublisher.bind(to: stream.input.search)
/// textPublisher.subscribe(stream.input.search)
/// ```
public struct InputAcceptor<Element>: Subscriber {
  public typealias Input = Element
  public typealias Failure = Never

  @usableFromInline let send: (Element) -> Void
  public let combineIdentifier = CombineIdentifier()

  @usableFromInline
  init(send: @escaping (Element) -> Void) {
    self.send = send
  }

  /// Sends `element` into the input: `stream.input.search("swift")`.
  @inlinable
  public func callAsFunction(_ element: Element) {
    send(element)
  }

  public func receive(subscription: any Subscription) {
    subscription.request(.unlimited)
  }

  public func receive(_ input: Element) -> Subscribers.Demand {
    send(input)
    return .none
  }

  /// Inputs never complete: a finished publisher leaves the input open.
  public func receive(completion: Subscribers.Completion<Never>) {}
}

extension InputAcceptor where Element == Void {
  /// Sends an event into a `Void` input: `stream.input.refresh()`.
  @inlinable
  public func callAsFunction() {
    send(())
  }
}
