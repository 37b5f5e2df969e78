/// A bag of subscriptions that are cancelled together, when ``cancel()`` is called or when
/// the bag is released.
///
/// It plays the part of RxSwift's `DisposeBag`; ``DisposeBag`` is an alias so that ported
/// code keeps reading `.disposed(by: disposeBag)`.
///
/// ```swift
/// let bag = CancelBag()
/// relay.sink { print($0) }.store(in: bag)
/// ```
public final class CancelBag: @unchecked Sendable {
  // Unchecked because `AnyCancellable` is not Sendable on every platform: the
  // subscriptions are reached only through `cancellables`' lock.
  private let cancellables = Locked<[AnyCancellable]>([])

  /// Creates an empty bag.
  public init() {}

  /// Adds `cancellable`; it is cancelled with the bag.
  public func insert(_ cancellable: AnyCancellable) {
    cancellables.withLock { $0.append(cancellable) }
  }

  /// The number of subscriptions the bag holds.
  public var count: Int {
    cancellables.withLock { $0.count }
  }

  /// Cancels every subscription in the bag and empties it. The bag can be used again.
  public func cancel() {
    let taken = cancellables.withLock { bag in
      defer { bag = [] }
      return bag
    }
    for cancellable in taken {
      cancellable.cancel()
    }
  }

  deinit {
    for cancellable in cancellables.withLock({ $0 }) {
      cancellable.cancel()
    }
  }
}

/// RxSwift's name for ``CancelBag``, kept so that ported code compiles unchanged.
public typealias DisposeBag = CancelBag

extension Cancellable {
  /// Keeps this subscription alive until `bag` is cancelled or released.
  ///
  /// ```swift
  /// relay.sink { print($0) }.store(in: bag)
  /// ```
  public func store(in bag: CancelBag) {
    bag.insert(AnyCancellable(self))
  }

  /// RxSwift's spelling of ``store(in:)``, kept for ported code.
  public func disposed(by bag: CancelBag) {
    store(in: bag)
  }
}

extension AnyCancellable {
  /// Keeps this subscription alive until `bag` is cancelled or released.
  public func store(in bag: CancelBag) {
    bag.insert(self)
  }

  /// RxSwift's spelling of ``store(in:)``, kept for ported code.
  public func disposed(by bag: CancelBag) {
    bag.insert(self)
  }
}
