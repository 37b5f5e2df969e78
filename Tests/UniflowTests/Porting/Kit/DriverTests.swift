import Foundation
import Testing
import Uniflow
import UniflowTesting

/// RxCocoa's `Driver`: shares one subscription, replays the latest value, delivers on the
/// main thread, and cannot fail.
@MainActor
@Suite struct DriverTests {
  @Test func subscribersShareOneCallAndALateOneGetsTheLatestValue() {
    let calls = Recorder<Int>()
    let answer = PassthroughSubject<String, Never>()
    let driver = Deferred { () -> PassthroughSubject<String, Never> in
      calls.append(1)
      return answer
    }.asDriver()
    let first = Recorder<String>()
    let second = Recorder<String>()
    let a = driver.sink { first.append($0) }
    answer.send("swift")
    let b = driver.sink { second.append($0) }
    answer.send("swiftui")
    #expect(calls.count == 1)
    #expect(first.values == ["swift", "swiftui"])
    #expect(second.values == ["swift", "swiftui"])
    _ = (a, b)
  }

  @Test func aValueSentOnAnotherThreadArrivesOnTheMainActorInOrder() async {
    let answer = PublishRelay<Int>()
    let driver = answer.asDriver()
    let onMain = Recorder<Bool>()
    let values = Recorder<Int>()
    let subscription = driver.sink { value in
      onMain.append(MainActorCheck.isOnMainActor)
      values.append(value)
    }
    await Task.detached { for value in 1...50 { answer.accept(value) } }.value
    await eventually { values.count == 50 }
    #expect(values.values == Array(1...50))
    #expect(onMain.values.allSatisfy { $0 })
    subscription.cancel()
  }

  @Test func aFailureBecomesTheGivenValueAndTheDriverFinishes() {
    let finished = Recorder<Bool>()
    let values = Recorder<[String]>()
    let subscription = Fail<[String], URLError>(error: URLError(.badServerResponse))
      .asDriver(onErrorJustReturn: [])
      .sink(receiveCompletion: { _ in finished.append(true) }, receiveValue: { values.append($0) })
    #expect(values.values == [[]])
    #expect(finished.count == 1)
    _ = subscription
  }

  @Test func aFailureCanGoOnAsTheDriverMadeForIt() {
    let values = Recorder<Int>()
    let subscription = Fail<Int, URLError>(error: URLError(.timedOut))
      .asDriver(onErrorRecover: { error in Driver.just(error.code == .timedOut ? -1 : -2) })
      .sink { values.append($0) }
    #expect(values.values == [-1])
    _ = subscription
  }

  @Test func aFailureCanGoOnAsAGivenDriver() {
    let values = Recorder<Int>()
    let finished = Recorder<Bool>()
    let subscription = [1, 2].publisher.setFailureType(to: URLError.self)
      .append(Fail(error: URLError(.timedOut)))
      .asDriver(onErrorDriveWith: .just(-1))
      .sink(receiveCompletion: { _ in finished.append(true) }, receiveValue: { values.append($0) })
    #expect(values.values == [1, 2, -1])
    #expect(finished.count == 1)
    let empty = Fail<Int, URLError>(error: URLError(.timedOut)).asDriver(onErrorDriveWith: .empty())
      .sink(receiveCompletion: { _ in finished.append(true) }, receiveValue: { values.append($0) })
    #expect(
      values.values == [1, 2, -1], "RxCocoa's asDriverOnErrorJustComplete: nothing, then done")
    #expect(finished.count == 2)
    _ = (subscription, empty)
  }

  @Test func driveSendsIntoARelayAndRunsOnTheMainActor() async {
    let title = BehaviorRelay(value: "")
    let seen = Recorder<String>()
    let names = PassthroughSubject<String, Never>()
    let driver = names.asDriver()
    let toRelay = driver.drive(title)
    let toView = driver.drive { name in
      MainActor.assertIsolated()
      seen.append(name)
    }
    names.send("Ada")
    await eventually { seen.count == 1 }
    #expect(title.value == "Ada")
    #expect(seen.values == ["Ada"])
    _ = (toRelay, toView)
  }
}

/// RxSwift's `MainScheduler`: at once on the main thread when nothing waits, else in order.
@MainActor
@Suite struct MainSchedulerTests {
  @Test func onTheMainActorWithNothingWaitingTheWorkRunsAtOnce() {
    var ran = false
    MainScheduler().schedule { ran = true }
    #expect(ran)
  }

  @Test func theAsyncInstanceAlwaysHops() async {
    let ran = Recorder<Int>()
    MainScheduler.asyncInstance.schedule { ran.append(1) }
    #expect(ran.count == 0)
    await eventually { ran.count == 1 }
  }

  @Test func workFromAnotherThreadKeepsItsOrderWithWorkFromTheMainThread() async {
    let order = Recorder<String>()
    let scheduler = MainScheduler()
    await Task.detached { scheduler.schedule { order.append("from another thread") } }.value
    // The earlier work still waits on the main queue, so this queues behind it.
    scheduler.schedule { order.append("from the main thread") }
    await eventually { order.count == 2 }
    #expect(order.values == ["from another thread", "from the main thread"])
  }
}
