/// One thing a publisher did: emitted a value, failed, or finished; RxSwift's `Event`.
///
/// `materialize()` turns a failing publisher into a never-failing one
/// of these, so that an error can be shown without ending the stream that carried it.
///
/// ```swift
/// let results = query.map { api.search($0).materialize() }.switchToLatest().share()
/// let pages = results.compactMap(\.element)
/// let errors = results.compactMap(\.error)
/// ```
public enum Event<Output, Failure: Error> {
  /// A value.
  case next(Output)
  /// A failure; nothing follows it.
  case error(Failure)
  /// A successful completion; nothing follows it.
  case completed

  /// The value, if this is a value event.
  public var element: Output? {
    if case .next(let value) = self { value } else { nil }
  }

  /// The failure, if this is a failure event.
  public var error: Failure? {
    if case .error(let failure) = self { failure } else { nil }
  }

  /// Whether this event ends the sequence.
  public var isStopEvent: Bool {
    if case .next = self { false } else { true }
  }
}

extension Event: Equatable where Output: Equatable, Failure: Equatable {}
extension Event: Sendable where Output: Sendable, Failure: Sendable {}

extension Publisher {
  /// Turns every value, the failure and the completion into ``Event`` values of a
  /// publisher that never fails; RxSwift's `materialize()`.
  ///
  /// ```swift
  /// api.search("swift").materialize()   // .next([…]), .completed  or  .error(…)
  /// ```
  public func materialize() -> AnyPublisher<Event<Output, Failure>, Never> {
    map { Event<Output, Failure>.next($0) }
      .append(Just(.completed).setFailureType(to: Failure.self))
      .catch { Just(.error($0)) }
      .eraseToAnyPublisher()
  }
}
