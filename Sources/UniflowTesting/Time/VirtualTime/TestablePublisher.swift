/// A publisher made by ``VirtualTimeScheduler`` from timed events.
///
/// ```swift
/// let searchWord = scheduler.createHotPublisher([.next(1, "S"), .next(3, "Swi")])
/// let viewModel = WikipediaSearchViewModel(searchWord: searchWord.eraseToAnyPublisher(), …)
/// ```
public struct TestablePublisher<Output, Failure: Error>: Publisher {
  /// The events it was made from.
  public let events: [Recorded<Output, Failure>]
  private let upstream: AnyPublisher<Output, Failure>

  init(_ upstream: AnyPublisher<Output, Failure>, events: [Recorded<Output, Failure>]) {
    self.upstream = upstream
    self.events = events
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Output, Downstream.Failure == Failure {
    upstream.receive(subscriber: subscriber)
  }
}
