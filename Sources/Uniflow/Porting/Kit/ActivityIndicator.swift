/// Whether any request it tracks is in flight: `true` from the first one's subscription until
/// the last one finishes, fails or is cancelled. The `ActivityIndicator` of RxSwift's
/// example apps, which every RxSwift MVVM app copies.
///
/// ```swift
/// let loading = ActivityIndicator()
/// let repositories = query
///   .map { api.search($0).trackActivity(loading).replaceError(with: []) }
///   .switchToLatest()
/// let isLoading = loading.asDriver()   // false, true, false
/// ```
///
/// It starts `false`, and sends a value only when that changes. Requests on any thread may
/// share one indicator.
public final class ActivityIndicator: Publisher, @unchecked Sendable {
  // Sendable because `count` is read and written with `lock` held, and the relay it sends
  // into is sent into with `lock` held too, so that the last value sent is the last count's.
  // The lock is recursive: a subscriber may start or end tracked work as it receives.
  public typealias Output = Bool
  public typealias Failure = Never

  private let lock = Lock(recursive: true)
  private var count = 0
  private let loading = BehaviorRelay(value: false)

  /// An indicator with nothing in flight.
  public init() {}

  /// Whether anything is in flight now.
  public var isActive: Bool { lock.withLock { count > 0 } }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Bool, Downstream.Failure == Never {
    loading.removeDuplicates().receive(subscriber: subscriber)
  }

  /// One more request in flight; the token ends it, once.
  func begin() -> ActivityToken {
    change(by: 1)
    return ActivityToken(indicator: self)
  }

  fileprivate func change(by difference: Int) {
    lock.withLock {
      count += difference
      loading.accept(count > 0)
    }
  }
}

/// One tracked request: ending it twice (a failure, then the cancel that follows) counts once.
final class ActivityToken: Sendable {
  private let ended = Locked(false)
  private let indicator: ActivityIndicator

  init(indicator: ActivityIndicator) {
    self.indicator = indicator
  }

  func end() {
    let first = ended.withLock { ended in
      defer { ended = true }
      return !ended
    }
    if first { indicator.change(by: -1) }
  }
}

/// The failures of the requests it tracks, as values that never end it: the `ErrorTracker`
/// of RxSwift's example apps. The request still fails; what to do then (show nothing, a
/// default) stays at its call site.
///
/// ```swift
/// let errors = ErrorTracker()
/// let user = reload
///   .map { api.user().trackError(errors).replaceError(with: nil) }
///   .switchToLatest()
/// let message = errors.map(\.localizedDescription).asDriver()
/// ```
public final class ErrorTracker: Publisher, Sendable {
  public typealias Output = any Error
  public typealias Failure = Never

  private let errors = PublishRelay<any Error>()

  /// A tracker that has seen no failure.
  public init() {}

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == any Error, Downstream.Failure == Never {
    errors.receive(subscriber: subscriber)
  }

  func report(_ error: any Error) {
    errors.accept(error)
  }
}

extension Publisher {
  /// Counts this publisher in `indicator` from its subscription until it finishes, fails
  /// or is cancelled; RxSwift's `trackActivity(_:)`.
  public func trackActivity(_ indicator: ActivityIndicator) -> AnyPublisher<Output, Failure> {
    Deferred {
      let token = indicator.begin()
      return self.handleEvents(
        receiveCompletion: { _ in token.end() }, receiveCancel: { token.end() })
    }
    .eraseToAnyPublisher()
  }

  /// Sends this publisher's failure, if it fails, to `tracker`, and fails as before;
  /// RxSwift's `trackError(_:)`.
  public func trackError(_ tracker: ErrorTracker) -> AnyPublisher<Output, Failure> {
    handleEvents(receiveCompletion: { completion in
      if case .failure(let error) = completion { tracker.report(error) }
    })
    .eraseToAnyPublisher()
  }
}
