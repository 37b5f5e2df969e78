import Foundation
import Testing
import UniflowTesting

@Suite struct WaitTests {
  struct Boom: Error, Equatable {}

  /// The timeout of the waits that are meant to succeed: the values come 20 ms after the
  /// subscription, and a wait returns as soon as they have, so only a failing run waits this
  /// long. Two seconds was once not enough under the thread sanitizer, beside the whole suite
  /// on two cores: the delayed block had not run when the wait gave up.
  static let generous = 30.0

  /// Values sent from another thread after a short delay, then a completion.
  func delayed(_ values: [Int], failing: Bool = false) -> AnyPublisher<Int, Boom> {
    let subject = PassthroughSubject<Int, Boom>()
    // The subject is only sent to from the one delayed block below.
    nonisolated(unsafe) let sender = subject
    return subject.handleEvents(receiveRequest: { _ in
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) {
        for value in values { sender.send(value) }
        sender.send(completion: failing ? .failure(Boom()) : .finished)
      }
    }).eraseToAnyPublisher()
  }

  @Test func blockingCollectsEveryValueUntilCompletion() throws {
    #expect(try delayed([1, 2, 3]).toBlocking(timeout: Self.generous).toArray() == [1, 2, 3])
    #expect(try delayed([1, 2, 3]).toBlocking(timeout: Self.generous).first() == 1)
    #expect(try delayed([1, 2, 3]).toBlocking(timeout: Self.generous).last() == 3)
  }

  @Test func blockingRethrowsTheFailure() {
    #expect(throws: Boom()) {
      try delayed([1], failing: true).toBlocking(timeout: Self.generous).toArray()
    }
  }

  @Test func blockingTimesOutOnAPublisherThatNeverFinishes() {
    let never = PassthroughSubject<Int, Never>()
    #expect(throws: WaitError.timeout(seconds: 0.05, received: 0)) {
      try never.toBlocking(timeout: 0.05).toArray()
    }
  }

  @Test func lastOfAnEmptyPublisherThrowsNoElements() {
    #expect(throws: WaitError.noElements) {
      try Empty<Int, Never>().toBlocking(timeout: 1).last()
    }
  }

  @Test func awaitingCollectsValuesFirstAndLast() async throws {
    #expect(try await delayed([4, 5]).awaitValues(timeout: Self.generous) == [4, 5])
    #expect(try await delayed([4, 5]).awaitFirst(timeout: Self.generous) == 4)
    #expect(try await delayed([4, 5]).awaitLast(timeout: Self.generous) == 5)
  }

  @Test func awaitingRethrowsTheFailureAndTimesOut() async {
    await #expect(throws: Boom()) {
      try await delayed([], failing: true).awaitValues(timeout: Self.generous)
    }
    let relay = PublishRelay<Int>()
    await #expect(throws: WaitError.timeout(seconds: 0.05, received: 0)) {
      try await relay.awaitFirst(timeout: 0.05)
    }
  }

  @Test func aTimeoutSaysWhatToDoWhereXCTestPrintsIt() {
    // XCTest prints a thrown error's localized description: not "error 0", but the cause.
    let error: any Error = WaitError.timeout(seconds: 2, received: 0)
    #expect(error.localizedDescription.hasPrefix("Timed out after 2.0 s having received 0"))
    #expect(error.localizedDescription.contains("awaitValues(timeout:)"))
    #expect((WaitError.noElements as any Error).localizedDescription.contains("without emitting"))
  }
}
