extension Publisher where Failure == Never {
  /// Sends every value of this publisher to `relay` and returns the subscription.
  ///
  /// ```swift
  /// api.repositories.bind(to: state.repositories).disposed(by: disposeBag)
  /// ```
  public func bind<Target: Relay>(to relay: Target) -> AnyCancellable
  where Target.Output == Output {
    sink { [relay] in relay.accept($0) }
  }

  /// Sends every value of this publisher to a stream's input and returns the
  /// subscription.
  ///
  /// ```swift
  /// dependency.inputPublishers.search
  ///   .bind(to: apiStream.input.search)
  ///   .disposed(by: disposeBag)
  /// ```
  public func bind(to input: InputAcceptor<Output>) -> AnyCancellable {
    sink { input($0) }
  }

  /// Calls `receiveValue` with every value of this publisher and returns the
  /// subscription; RxSwift's `bind(onNext:)`.
  public func bind(onNext receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveValue: receiveValue)
  }
}

extension Publisher where Failure == Never {
  /// Sends every value of this publisher, wrapped in an optional, to `relay`; for relays
  /// that start out empty, as in `BehaviorRelay<String?>(value: nil)`.
  ///
  /// ```swift
  /// let lastQuery = BehaviorRelay<String?>(value: nil)
  /// search.bind(to: lastQuery).disposed(by: disposeBag)
  /// ```
  public func bind<Target: Relay>(to relay: Target) -> AnyCancellable
  where Target.Output == Output? {
    sink { [relay] in relay.accept($0) }
  }
}
