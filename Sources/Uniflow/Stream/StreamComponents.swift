/// The inputs of a stream: relays that the screen sends into.
///
/// Declare each input as a ``PublishRelay`` or ``BehaviorRelay``; outside the stream it is
/// reachable only through ``InputWrapper``, which can send but not observe.
///
/// ```swift
/// struct Input: InputType {
///   let search = PublishRelay<String>()
///   let refresh = PublishRelay<Void>()
/// }
/// ```
public protocol InputType {}

/// The outputs of a stream: relays, publishers, properties and computed values that the
/// screen observes.
///
/// Outside the stream they are reachable only through ``OutputWrapper``, which can
/// observe and read but not send.
///
/// ```swift
/// struct Output: OutputType {
///   let repositories: BehaviorRelay<[Repository]>
///   let error: AnyPublisher<Error, Never>
/// }
/// ```
public protocol OutputType {}

/// The internal state of a stream, usually relays that the logic writes and the output
/// exposes.
///
/// ```swift
/// struct State: StateType {
///   let repositories = BehaviorRelay<[Repository]>(value: [])
/// }
/// ```
public protocol StateType {}

/// Everything else a stream's logic needs: services, API clients, other streams.
///
/// ```swift
/// struct Extra: ExtraType {
///   let apiStream: SearchAPIStreamType
/// }
/// ```
public protocol ExtraType {}

/// The state of a stream that keeps none.
///
/// ```swift
/// typealias State = NoState
/// ```
public struct NoState: StateType, Sendable {
  /// Creates the empty state.
  public init() {}
}

/// The extra dependencies of a stream that needs none.
///
/// ```swift
/// typealias Extra = NoExtra
/// ```
public struct NoExtra: ExtraType, Sendable {
  /// Creates the empty set of dependencies.
  public init() {}
}
