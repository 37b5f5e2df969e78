/// A reactor's states as a publisher: each subscriber gets the current state first, then
/// every new state in order. See ``Reactor/state``.
///
/// `sink`, `map` and `removeDuplicates` called on it on the main actor take a fast path
/// that delivers straight from the reactor, without Combine operators in between; other
/// operators work as on any publisher. A subscription made off the main actor is
/// completed on it, so the current state then arrives asynchronously.
public struct ReactorStatePublisher<Reactor: Uniflow.Reactor>: Publisher {
  public typealias Output = Reactor.State
  public typealias Failure = Never

  @usableFromInline let reactor: Reactor

  @usableFromInline
  init(reactor: Reactor) {
    self.reactor = reactor
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Reactor.State, Downstream.Failure == Never {
    subscribeToStates(subscriber, reactor: reactor) { deliver in deliver }
  }

  /// Calls `receiveValue` with the current state and then with every new state, on the
  /// main actor.
  ///
  /// ```swift
  /// reactor.state.sink { render($0) }.store(in: bag)
  /// ```
  @MainActor @inlinable
  public func sink(receiveValue: @escaping (Reactor.State) -> Void) -> AnyCancellable {
    reactor.runtime.observe(reactor, receiveValue).cancellable()
  }

  /// The part of the state at `keyPath`, for each state.
  ///
  /// ```swift
  /// reactor.state.map(\.count).removeDuplicates().sink { label.text = "\($0)" }
  /// ```
  @inlinable
  public func map<Value>(
    _ keyPath: KeyPath<Reactor.State, Value>
  ) -> ReactorStateMap<Reactor, Value> {
    ReactorStateMap(reactor: reactor, transform: { $0[keyPath: keyPath] }, isDuplicate: nil)
  }

  /// `transform` of each state.
  @inlinable
  public func map<Value>(
    _ transform: @escaping (Reactor.State) -> Value
  ) -> ReactorStateMap<Reactor, Value> {
    ReactorStateMap(reactor: reactor, transform: transform, isDuplicate: nil)
  }
}

/// A part of a reactor's state, as a publisher; made by ``ReactorStatePublisher/map(_:)-(KeyPath<Reactor.State,Value>)``.
///
/// ```swift
/// reactor.state.map(\.isLoading).removeDuplicates().sink { spinner.isHidden = !$0 }
/// ```
public struct ReactorStateMap<Reactor: Uniflow.Reactor, Value>: Publisher {
  public typealias Output = Value
  public typealias Failure = Never

  @usableFromInline let reactor: Reactor
  @usableFromInline let transform: (Reactor.State) -> Value
  @usableFromInline let isDuplicate: ((Value, Value) -> Bool)?

  @usableFromInline
  init(
    reactor: Reactor, transform: @escaping (Reactor.State) -> Value,
    isDuplicate: ((Value, Value) -> Bool)?
  ) {
    self.reactor = reactor
    self.transform = transform
    self.isDuplicate = isDuplicate
  }

  /// Skips values equal to the previous one.
  @inlinable
  public func removeDuplicates() -> ReactorStateMap where Value: Equatable {
    ReactorStateMap(reactor: reactor, transform: transform, isDuplicate: { $0 == $1 })
  }

  /// Skips values that `predicate` says duplicate the previous one.
  @inlinable
  public func removeDuplicates(by predicate: @escaping (Value, Value) -> Bool)
    -> ReactorStateMap
  {
    ReactorStateMap(reactor: reactor, transform: transform, isDuplicate: predicate)
  }

  /// Calls `receiveValue` on the main actor with the current value and every new one.
  @MainActor @inlinable
  public func sink(receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
    reactor.runtime.observe(reactor, observer(forwardingTo: receiveValue)).cancellable()
  }

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Value, Downstream.Failure == Never {
    // A fresh observer per subscription, each with its own memory of the last value.
    subscribeToStates(subscriber, reactor: reactor) { [self] in observer(forwardingTo: $0) }
  }

  /// The function the reactor calls with each state for one subscriber: it maps the state,
  /// drops a duplicate and passes the rest to `receive`. One closure, since each closure
  /// between the reactor and `receive` would cost a call and retains per state.
  @inlinable
  func observer(forwardingTo receive: @escaping (Value) -> Void) -> (Reactor.State) -> Void {
    let transform = self.transform
    guard let isDuplicate else { return { receive(transform($0)) } }
    let last = LastValue<Value>()
    return { state in
      let value = transform(state)
      if let previous = last.value, isDuplicate(previous, value) { return }
      last.value = value
      receive(value)
    }
  }
}

/// The last value one state subscriber was given, for `removeDuplicates`. A class of its
/// own rather than a captured `var`: a captured `var` is checked for exclusive access at
/// run time on every read and write, which for a hundred subscribers was a third of what
/// a state change cost them. Only the subscriber's observer, on the main actor, touches
/// it, and never while it is being read.
@usableFromInline
final class LastValue<Value> {
  @usableFromInline @exclusivity(unchecked) var value: Value?

  @usableFromInline
  init() {}
}

/// Subscribes a Combine subscriber to a reactor's states through a state observer;
/// `makeObserver` makes, per subscription, the function that takes each state and passes
/// what to deliver to the function it is given.
private func subscribeToStates<Reactor: Uniflow.Reactor, Downstream: Subscriber>(
  _ subscriber: Downstream,
  reactor: Reactor,
  makeObserver: @escaping (@escaping (Downstream.Input) -> Void) -> (Reactor.State) -> Void
) where Downstream.Failure == Never {
  let subscription = StateSubscription(subscriber)
  // From here on the subscriber, the observer function and the reactor are only used on the
  // main actor.
  // (A reactor is a main-actor class, but `Reactor` does not require `Sendable`: that would
  // make its `State`'s main-actor `Equatable` conformance, in a module that defaults to the
  // main actor, unusable by generic code such as `ReactorTester`.)
  nonisolated(unsafe) let subscriber = subscriber
  nonisolated(unsafe) let makeObserver = makeObserver
  nonisolated(unsafe) let reactor = reactor
  let start: @MainActor @Sendable () -> Void = {
    let observer = reactor.runtime.observe(reactor, makeObserver { subscription.deliver($0) })
    subscription.attach(observer.cancellable())
    subscriber.receive(subscription: subscription)
  }
  if MainActorCheck.isOnMainActor {
    MainActor.assumeIsolated { start() }
  } else {
    _Concurrency.Task { @MainActor in start() }
  }
}
