import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A search service whose calls wait until the test answers them, and which notes the
/// calls that were cancelled while they waited.
actor GatedSearch {
  private var waiting: [String: CheckedContinuation<[String], any Error>] = [:]
  private(set) var started: [String] = []
  private(set) var cancelled: [String] = []

  func search(_ query: String) async throws -> [String] {
    started.append(query)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          waiting[query] = continuation
        }
      }
    } onCancel: {
      Task { await self.cancel(query) }
    }
  }

  private func cancel(_ query: String) {
    cancelled.append(query)
    waiting.removeValue(forKey: query)?.resume(throwing: CancellationError())
  }

  func answer(_ query: String, with result: Result<[String], any Error>) {
    waiting.removeValue(forKey: query)?.resume(with: result)
  }

  var waitingQueries: [String] { waiting.keys.sorted() }
}

@Suite struct TaskPublisherTests {
  @Test func aCallThatDoesNotThrowSendsItsValueAndFinishes() async throws {
    let publisher = TaskPublisher { 21 * 2 }
    let never: TaskPublisher<Int, Never> = publisher
    #expect(try await never.awaitValues() == [42])
  }

  @Test func aCallThatThrowsFailsWithItsTypedError() async {
    let publisher = TaskPublisher { () async throws(TestError) -> Int in
      throw TestError(code: 7)
    }
    await #expect(throws: TestError(code: 7)) { try await publisher.awaitValues() }
  }

  @Test func nothingRunsUntilTheSubscriberAsksAndOnlyOnceForOneSubscription() async {
    let calls = Recorder<Void>()
    let publisher = TaskPublisher { calls.append(()) }
    let subscriber = ManualDemandSubscriber<Void, Never>()
    publisher.subscribe(subscriber)
    try? await Task.sleep(nanoseconds: 50_000_000)
    #expect(calls.count == 0)
    subscriber.request(.max(1))
    subscriber.request(.max(1))
    await eventually { subscriber.completion != nil }
    #expect(calls.count == 1)
    #expect(subscriber.received.count == 1)
  }

  @Test func cancellingTheSubscriptionCancelsTheCallAndDropsWhatItReturns() async {
    let service = GatedSearch()
    let values = Recorder<[String]>()
    let subscription = TaskPublisher { try await service.search("swift") }
      .sink(receiveCompletion: { _ in values.append(["completed"]) }, receiveValue: values.append)
    await eventually { await service.started == ["swift"] }
    subscription.cancel()
    await eventually("the service to see the cancellation") {
      await service.cancelled == ["swift"]
    }
    try? await Task.sleep(nanoseconds: 20_000_000)
    #expect(values.values.isEmpty)
  }

  @Test func aNewerQueryCancelsTheCallBeforeItThroughSwitchToLatest() async {
    let service = GatedSearch()
    let query = PublishRelay<String>()
    let results = Recorder<Event<[String], any Error>>()
    let subscription =
      query
      .map { query in TaskPublisher { try await service.search(query) }.materialize() }
      .switchToLatest()
      .sink(receiveValue: results.append)
    query.accept("sw")
    await eventually { await service.started == ["sw"] }
    query.accept("swift")
    await eventually { await service.started == ["sw", "swift"] }
    await eventually("the superseded call to be cancelled") {
      await service.cancelled == ["sw"]
    }
    await service.answer("swift", with: .success(["apple/swift"]))
    await eventually { results.count == 2 }
    #expect(results.values.compactMap(\.element) == [["apple/swift"]])
    #expect(results.values.last?.isStopEvent == true)
    subscription.cancel()
  }

  @Test func aFailedCallArrivesAsAValueAndTheSearchGoesOn() async {
    let service = GatedSearch()
    let query = PublishRelay<String>()
    let results =
      query
      .map { query in TaskPublisher { try await service.search(query) }.materialize() }
      .switchToLatest()
      .share()
    let pages = Recorder<[String]>()
    let errors = Recorder<String>()
    let bag = CancelBag()
    results.compactMap(\.element).sink(receiveValue: pages.append).store(in: bag)
    results.compactMap(\.error).sink { errors.append("\($0)") }.store(in: bag)

    query.accept("boom")
    await eventually { await service.waitingQueries == ["boom"] }
    await service.answer("boom", with: .failure(TestError(code: 500)))
    await eventually { errors.count == 1 }
    query.accept("swift")
    await eventually { await service.waitingQueries == ["swift"] }
    await service.answer("swift", with: .success(["apple/swift"]))
    await eventually { pages.count == 1 }
    #expect(errors.values == ["TestError(code: 500)"])
    #expect(pages.values == [["apple/swift"]])
  }

  @Test func answersKeepTheOrderOfTheQueriesWhenEachIsAwaitedInTurn() async {
    let service = GatedSearch()
    let query = PublishRelay<String>()
    let pages = Recorder<[String]>()
    let subscription =
      query
      .map { query in TaskPublisher { try await service.search(query) }.materialize() }
      .switchToLatest()
      .compactMap(\.element)
      .sink(receiveValue: pages.append)
    for (index, word) in ["a", "b", "c"].enumerated() {
      query.accept(word)
      await eventually { await service.waitingQueries == [word] }
      await service.answer(word, with: .success([word]))
      await eventually { pages.count == index + 1 }
    }
    #expect(pages.values == [["a"], ["b"], ["c"]])
    subscription.cancel()
  }
}
