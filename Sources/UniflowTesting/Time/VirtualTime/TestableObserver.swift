import Foundation
import Uniflow

/// A subscriber that records each event with the virtual tick at which it arrived.
///
/// ```swift
/// let observer = scheduler.createObserver([WikipediaPage].self)
/// viewModel.wikipediaPages.bind(to: observer).disposed(by: disposeBag)
/// scheduler.start()
/// #expect(observer.events == [.next(3, [page])])
/// ```
public final class TestableObserver<Input, Failure: Error>: Subscriber, Cancellable,
  @unchecked Sendable
{
  // Unchecked only because `Input` and a subscription need not be Sendable: what changes
  // is all in `state`, reached only through its lock.
  private struct State {
    var recorded: [Recorded<Input, Failure>] = []
    var subscription: (any Subscription)?
  }
  private let state = Locked(State())
  private let clock: VirtualTimeScheduler

  init(clock: VirtualTimeScheduler) {
    self.clock = clock
  }

  /// Everything received so far, in order.
  public var events: [Recorded<Input, Failure>] {
    state.withLock { $0.recorded }
  }

  /// The values received so far, without their times.
  public var values: [Input] {
    events.compactMap(\.event.element)
  }

  public func receive(subscription: any Subscription) {
    state.withLock { $0.subscription = subscription }
    subscription.request(.unlimited)
  }

  public func receive(_ input: Input) -> Subscribers.Demand {
    let record = Recorded<Input, Failure>.next(clock.now, input)
    state.withLock { $0.recorded.append(record) }
    return .none
  }

  public func receive(completion: Subscribers.Completion<Failure>) {
    let record: Recorded<Input, Failure> =
      switch completion {
      case .finished: .finished(clock.now)
      case .failure(let error): .failure(clock.now, error)
      }
    state.withLock {
      $0.recorded.append(record)
      $0.subscription = nil
    }
  }

  /// Stops recording.
  public func cancel() {
    let subscription = state.withLock { state in
      defer { state.subscription = nil }
      return state.subscription
    }
    subscription?.cancel()
  }
}

extension Publisher {
  /// Subscribes `observer` and returns a cancellable for it; RxTest's `bind(to:)`.
  ///
  /// ```swift
  /// viewModel.wikipediaPages.bind(to: observer).disposed(by: disposeBag)
  /// ```
  public func bind(to observer: TestableObserver<Output, Failure>) -> AnyCancellable {
    subscribe(observer)
    return AnyCancellable(observer)
  }
}

extension Publisher where Failure == Never {
  /// Records what the publisher sends in `observer`; RxTest's `signal.emit(to: observer)`,
  /// for a `Signal` that a port made a publisher that never fails.
  ///
  /// ```swift
  /// let taps = scheduler.createObserver(Void.self)
  /// viewModel.showDetail.emit(to: taps).disposed(by: disposeBag)
  /// ```
  public func emit(to observer: TestableObserver<Output, Never>) -> AnyCancellable {
    bind(to: observer)
  }
}

extension Driver {
  /// Records what the driver delivers in `observer`; RxTest's `driver.drive(observer)`.
  ///
  /// ```swift
  /// let names = scheduler.createObserver([String].self)
  /// viewModel.names.drive(names).disposed(by: disposeBag)
  /// ```
  public func drive(_ observer: TestableObserver<Output, Never>) -> AnyCancellable {
    bind(to: observer)
  }
}
