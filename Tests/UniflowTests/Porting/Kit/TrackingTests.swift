import Foundation
import Testing
import Uniflow
import UniflowTesting

/// The `ActivityIndicator` and `ErrorTracker` of RxSwift's example apps.
@Suite struct TrackingTests {
  @Test func activityIsOnFromTheFirstRequestUntilTheLastEnds() {
    let loading = ActivityIndicator()
    let seen = Recorder<Bool>()
    let watching = loading.sink { seen.append($0) }
    let first = PassthroughSubject<Int, URLError>()
    let second = PassthroughSubject<Int, URLError>()
    let a = first.trackActivity(loading).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    let b = second.trackActivity(loading).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    #expect(loading.isActive)
    first.send(completion: .finished)
    #expect(loading.isActive)  // the second is still in flight
    second.send(completion: .failure(URLError(.timedOut)))
    #expect(!loading.isActive)
    #expect(seen.values == [false, true, false])
    _ = (watching, a, b)
  }

  @Test func aCancelledRequestEndsItsActivityOnce() {
    let loading = ActivityIndicator()
    let request = PassthroughSubject<Int, Never>()
    let subscription = request.trackActivity(loading).sink { _ in }
    #expect(loading.isActive)
    subscription.cancel()
    subscription.cancel()
    #expect(!loading.isActive)
    // A later request counts from zero again: the cancel was counted once.
    let again = request.trackActivity(loading).sink { _ in }
    #expect(loading.isActive)
    again.cancel()
    #expect(!loading.isActive)
  }

  @Test func requestsOnEightThreadsLeaveTheIndicatorOff() async {
    let loading = ActivityIndicator()
    let last = Recorder<Bool>()
    let watching = loading.sink { last.append($0) }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for value in 0..<200 {
            _ = Just(value).trackActivity(loading).sink { _ in }
          }
        }
      }
    }
    #expect(!loading.isActive)
    #expect(last.last == false)
    _ = watching
  }

  @Test func aFailureIsTrackedAndTheRequestStillFails() {
    let errors = ErrorTracker()
    let tracked = Recorder<String>()
    let watching = errors.sink {
      tracked.append(($0 as? URLError)?.code == .timedOut ? "timedOut" : "other")
    }
    let failed = Recorder<Bool>()
    let request = Fail<Int, URLError>(error: URLError(.timedOut)).trackError(errors)
      .sink(
        receiveCompletion: { if case .failure = $0 { failed.append(true) } },
        receiveValue: { _ in })
    let fine = Just(1).setFailureType(to: URLError.self).trackError(errors)
      .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    #expect(tracked.values == ["timedOut"])
    #expect(failed.count == 1)
    _ = (watching, request, fine)
  }
}

/// RxSwift's `Single`, `Completable` and the factories used as values.
@Suite struct SingleTests {
  struct Offline: Error, Equatable {}

  func first<Output>(of publisher: AnyPublisher<Output, any Error>) async -> Result<
    Output?, any Error
  > {
    do {
      for try await value in publisher.values { return .success(value) }
      return .success(nil)
    } catch {
      return .failure(error)
    }
  }

  @Test func aSingleFromAsyncCodeAnswersOnceAndAFailingOneFails() async throws {
    let user: Single<String> = Single { "Ada" }
    #expect(try await first(of: user).get() == "Ada")
    let offline: Single<String> = Single { throw Offline() }
    await #expect(throws: Offline.self) { _ = try await first(of: offline).get() }
  }

  @Test func theFactoriesAreTheValuesTheirRxNamesSay() async throws {
    #expect(try await first(of: Single<Int>.just(3)).get() == 3)
    #expect(throws: Offline.self) { try Single<Int>.error(Offline()).awaitFirstResult().get() }
    #expect(try await first(of: Single<Int>.empty()).get() == nil)
    let never = Recorder<Int>()
    let subscription = Single<Int>.never().sink(
      receiveCompletion: { _ in never.append(0) }, receiveValue: { never.append($0) })
    #expect(never.count == 0)
    subscription.cancel()
  }

  @Test func aCompletableFinishesOrFailsWithNoValue() async throws {
    let saved = Recorder<Int>()
    let save: Completable = Completable { saved.append(1) }
    #expect(try await first(of: save).get() == nil)
    #expect(saved.count == 1)
    let failing: Completable = Completable { throw Offline() }
    await #expect(throws: Offline.self) { _ = try await first(of: failing).get() }
  }
}

extension AnyPublisher {
  /// The first value or the failure, for a publisher that answers at once.
  fileprivate func awaitFirstResult() -> Result<Output?, Failure> {
    var result: Result<Output?, Failure> = .success(nil)
    let subscription = sink(
      receiveCompletion: { if case .failure(let error) = $0 { result = .failure(error) } },
      receiveValue: { result = .success($0) })
    subscription.cancel()
    return result
  }
}
