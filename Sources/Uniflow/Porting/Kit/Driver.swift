/// RxCocoa's `Driver`: an output for a view that cannot fail, delivers on the main actor,
/// and shares one subscription among its subscribers, each of which first gets the latest
/// value. A view model's outputs are drivers so that each screen element that follows one
/// does not start the work behind it again.
///
/// ```swift
/// let repositories: Driver<[Repository]> = query
///   .map { api.search($0) }.switchToLatest()
///   .asDriver(onErrorJustReturn: [])
///
/// repositories.drive { view.show($0) }.store(in: &cancellables)
/// ```
///
/// A plain `AnyPublisher<T, Never>` does none of this: each subscriber would call the
/// service again. A driver shares while it has subscribers (RxSwift's `whileConnected`):
/// once the last one cancels, the next one starts afresh.
public struct Driver<Output>: Publisher {
  public typealias Failure = Never

  private let shared: Publishers.ShareReplay<AnyPublisher<Output, Never>>

  /// A driver of `source`'s values, delivered on the main actor and shared.
  public init<Source: Publisher>(_ source: Source)
  where Source.Output == Output, Source.Failure == Never {
    // A scheduler of its own: it keeps this driver's values in order, and no other code's
    // waiting work delays them.
    shared = source.receive(on: MainScheduler()).eraseToAnyPublisher().share(replay: 1)
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Output, Downstream.Failure == Never {
    shared.receive(subscriber: subscriber)
  }

  /// Sends each value into `relay`; RxCocoa's `drive(_:)` with a relay.
  public func drive(_ relay: BehaviorRelay<Output>) -> AnyCancellable {
    sink { relay.accept($0) }
  }

  /// Sends each value into `relay`; RxCocoa's `drive(_:)` with a relay.
  public func drive(_ relay: PublishRelay<Output>) -> AnyCancellable {
    sink { relay.accept($0) }
  }

  /// A driver that sends `value` once and never fails; RxCocoa's `Driver.just`.
  public static func just(_ value: Output) -> Driver { Driver(Just(value)) }

  /// Subscribes and ignores the values, for a driver whose side effects (its
  /// `handleEvents`, an activity it tracks) are the point; RxCocoa's `drive()`.
  ///
  /// ```swift
  /// output.posts.drive().disposed(by: disposeBag)
  /// ```
  public func drive() -> AnyCancellable { sink { _ in } }

  /// A driver that sends nothing and finishes; RxCocoa's `Driver.empty()`.
  public static func empty() -> Driver { Driver(Empty()) }
}

extension Driver where Output: Sendable {
  /// Runs `receiveValue` on the main actor for each value; RxCocoa's `drive(onNext:)`.
  ///
  /// ```swift
  /// title.drive { label.text = $0 }.store(in: &cancellables)
  /// ```
  public func drive(_ receiveValue: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
    sinkOnMainActor(receiveValue)
  }
}

extension Publisher {
  /// This publisher as a ``Driver``; a failure becomes `value`, and the driver finishes.
  ///
  /// ```swift
  /// api.user(id).asDriver(onErrorJustReturn: nil)
  /// ```
  public func asDriver(onErrorJustReturn value: Output) -> Driver<Output> {
    Driver(self.catch { _ in Just(value) })
  }

  /// This publisher as a ``Driver``; after a failure, `fallback` drives on (RxCocoa's
  /// `asDriver(onErrorDriveWith:)`).
  ///
  /// ```swift
  /// api.items().asDriver(onErrorDriveWith: .empty())
  /// ```
  public func asDriver(onErrorDriveWith fallback: Driver<Output>) -> Driver<Output> {
    Driver(self.catch { _ in fallback })
  }

  /// This publisher as a ``Driver``; a failure goes on as the driver `recover` makes for it
  /// (RxCocoa's `asDriver(onErrorRecover:)`).
  ///
  /// ```swift
  /// api.items().asDriver { error in .just([]) }
  /// ```
  public func asDriver(onErrorRecover recover: @escaping (Failure) -> Driver<Output>)
    -> Driver<Output>
  {
    Driver(self.catch { recover($0) })
  }
}

extension Publisher where Failure == Never {
  /// This publisher, which cannot fail, as a ``Driver``.
  public func asDriver() -> Driver<Output> { Driver(self) }
}
