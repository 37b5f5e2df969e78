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
