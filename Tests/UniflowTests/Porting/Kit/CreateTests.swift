import Foundation
import Testing
import Uniflow
import UniflowTesting

/// RxSwift's `create`, as the services and mocks of a port keep it: what the closure
/// sends arrives in order, the end cancels what it returned, and a `Single` or a
/// `Completable` answers by calling its observer.
@Suite struct CreateTests {
  struct Offline: Error, Equatable {}

  /// Counts the cancellations of what a `create` closure returned.
  final class Disposals: @unchecked Sendable {
    // Sendable because `count` is only read and written with `lock` held.
    private let lock = Lock()
    private var count = 0
    func dispose() { lock.withLock { count += 1 } }
    var total: Int { lock.withLock { count } }
  }

  @Test func anObservablesValuesAndEndArriveInOrder() {
    let disposals = Disposals()
    let numbers = AnyPublisher<Int, Never>.create { observer in
      observer.onNext(1)
      observer.send(2)
      observer.onCompleted()
      observer.onNext(3)  // after the end: dropped
      return Disposables.create { disposals.dispose() }
    }
    let seen = Seen(numbers)
    #expect(seen.values == [1, 2])
    #expect(seen.isFinished)
    #expect(disposals.total == 1, "the end cancels what the closure returned, once")
  }

  @Test func aFailureEndsItAndIsPassedOn() {
    let failing = AnyPublisher<Int, Offline>.create { observer in
      observer.onNext(1)
      observer.onError(Offline())
      observer.onCompleted()
      return Disposables.create()
    }
    let seen = Seen(failing)
    #expect(seen.values == [1])
    #expect(seen.completion == .failure(Offline()))
  }

  @Test func eachSubscriberRunsTheClosureAgain() {
    let runs = Disposals()
    let counted = AnyPublisher<Int, Never>.create { observer in
      runs.dispose()
      observer.onNext(runs.total)
      return Disposables.create()
    }
    #expect(Seen(counted).values == [1])
    #expect(Seen(counted).values == [2])
  }

  @Test func cancellingCancelsWhatTheClosureReturned() {
    let disposals = Disposals()
    let subject = PassthroughSubject<Int, Never>()
    let forwarded = AnyPublisher<Int, Never>.create { observer in
      let inner = subject.sink { observer.onNext($0) }
      return Disposables.create {
        inner.cancel()
        disposals.dispose()
      }
    }
    let seen = Seen(forwarded)
    subject.send(1)
    seen.cancellable?.cancel()
    subject.send(2)
    #expect(seen.values == [1])
    #expect(disposals.total == 1)
  }

  @Test func valuesSentWithoutDemandWaitForIt() {
    let numbers = AnyPublisher<Int, Never>.create { observer in
      for number in 1...3 { observer.onNext(number) }
      observer.onCompleted()
      return Disposables.create()
    }
    let subscriber = ManualDemandSubscriber<Int, Never>()
    numbers.subscribe(subscriber)
    #expect(subscriber.received.isEmpty)
    subscriber.request(.max(2))
    #expect(subscriber.received == [1, 2])
    #expect(subscriber.completion == nil)
    subscriber.request(.max(1))
    #expect(subscriber.received == [1, 2, 3])
    #expect(subscriber.completion == .finished)
  }

  @Test func aSingleAnswersWithSuccessOrFailure() {
    let answer = Single<String>.create { single in
      single(.success("Kim"))
      return Disposables.create()
    }
    let seen = Seen(answer)
    #expect(seen.values == ["Kim"])
    #expect(seen.isFinished)

    let refused = Single<String>.create { single in
      single(.failure(Offline()))
      return Disposables.create()
    }
    #expect(Seen(refused).failure as? Offline == Offline())
  }

  @Test func aCompletableEndsOrFails() {
    let saved = Completable.create { completable in
      completable(.completed)
      return Disposables.create()
    }
    #expect(Seen(saved).isFinished)

    let unsaved = Completable.create { completable in
      completable(.error(Offline()))
      return Disposables.create()
    }
    #expect(Seen(unsaved).failure as? Offline == Offline())
  }

  @Test func anAnswerFromAnotherThreadArrives() async throws {
    let answer = Single<Int>.create { single in
      DispatchQueue.global().async { single(.success(42)) }
      return Disposables.create()
    }
    #expect(try await answer.awaitFirst(timeout: 5) == 42)
  }
}
