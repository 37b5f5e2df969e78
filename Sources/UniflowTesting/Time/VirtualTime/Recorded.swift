/// One event at one virtual time, as RxTest records it: `.next(3, value)`,
/// `.finished(5)`, `.failure(5, error)`.
///
/// Arrays of them compare equal, so a test states the whole timeline it expects:
///
/// ```swift
/// #expect(observer.events == [.next(3, [page]), .finished(4)])
/// ```
public struct Recorded<Output, Failure: Error> {
  /// The virtual time, in ticks, at which the event happened.
  public let time: Int
  /// What happened.
  public let event: Event<Output, Failure>

  /// Creates a record of `event` at `time`.
  public init(time: Int, event: Event<Output, Failure>) {
    self.time = time
    self.event = event
  }

  /// A value at `time`.
  public static func next(_ time: Int, _ value: Output) -> Self {
    Self(time: time, event: .next(value))
  }

  /// A successful completion at `time`.
  public static func finished(_ time: Int) -> Self {
    Self(time: time, event: .completed)
  }

  /// A successful completion at `time`; RxTest's name for ``finished(_:)``.
  public static func completed(_ time: Int) -> Self {
    finished(time)
  }

  /// A failure at `time`.
  public static func failure(_ time: Int, _ error: Failure) -> Self {
    Self(time: time, event: .error(error))
  }

  /// A failure at `time`; RxTest's name for ``failure(_:_:)``.
  public static func error(_ time: Int, _ error: Failure) -> Self {
    failure(time, error)
  }

  /// The records as a timeline; RxTest's `Recorded.events`, so that a ported expectation
  /// keeps its spelling.
  ///
  /// ```swift
  /// #expect(observer.events == Recorded.events(.next(100, []), .next(200, ["Stub"])))
  /// ```
  public static func events(_ records: Self...) -> [Self] { records }

  /// The records as a timeline; RxTest's `Recorded.events` given an array.
  ///
  /// ```swift
  /// #expect(observer.events == Recorded.events([.next(100, []), .next(200, ["Stub"])]))
  /// ```
  public static func events(_ records: [Self]) -> [Self] { records }
}

extension Recorded: Equatable where Output: Equatable, Failure: Equatable {}
extension Recorded: Sendable where Output: Sendable, Failure: Sendable {}

extension Recorded: CustomStringConvertible {
  public var description: String {
    switch event {
    case .next(let value): ".next(\(time), \(value))"
    case .completed: ".finished(\(time))"
    case .error(let error): ".failure(\(time), \(error))"
    }
  }
}
