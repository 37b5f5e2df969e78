extension Publisher where Failure == Never, Output: Sendable {
  /// Calls `receiveValue` on the main actor with every value, in the order they were sent:
  /// at once for a value sent on the main actor, after one hop for a batch of values sent
  /// elsewhere. Unlike a `Task` per value, the order is guaranteed.
  ///
  /// ```swift
  /// stream.output.publishers.repositories
  ///   .sinkOnMainActor { screen.show($0) }
  ///   .store(in: bag)
  /// ```
  public func sinkOnMainActor(_ receiveValue: @escaping @MainActor (Output) -> Void)
    -> AnyCancellable
  {
    let inbox = MainActorInbox(handler: receiveValue)
    // @Sendable: the publisher may deliver on any thread; the inbox hops.
    return sink { @Sendable in inbox.send($0) }
  }
}
