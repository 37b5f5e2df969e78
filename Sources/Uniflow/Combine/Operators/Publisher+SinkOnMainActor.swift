extension Publisher where Failure == Never, Output: Sendable {
  /// Calls `receiveValue` on the main actor with every value, in the order they were sent:
  /// at once for a value sent on the main actor, after one hop for a batch of values sent
  /// elsewhere. Unlike a `Task` per value, the order is guaranteed, and a tester counts a
  /// value on its way as in flight (naming this call's file and line) and hands it over
  /// without waiting for the hop.
  ///
  /// ```swift
  /// stream.output.publishers.repositories
  ///   .sinkOnMainActor { screen.show($0) }
  ///   .store(in: bag)
  /// ```
  public func sinkOnMainActor(
    fileID: StaticString = #fileID, line: UInt = #line,
    _ receiveValue: @escaping @MainActor (Output) -> Void
  ) -> AnyCancellable {
    let inbox = MainActorInbox(
      describedAs: "a value on its way to the `sinkOnMainActor` closure at \(fileID):\(line)",
      handler: receiveValue)
    // @Sendable: the publisher may deliver on any thread; the inbox hops.
    return sink { @Sendable in inbox.send($0) }
  }
}
