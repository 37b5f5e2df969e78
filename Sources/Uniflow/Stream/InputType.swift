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
