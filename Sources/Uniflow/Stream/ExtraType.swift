/// Everything else a stream's logic needs: services, API clients, other streams.
///
/// ```swift
/// struct Extra: ExtraType {
///   let apiStream: SearchAPIStreamType
/// }
/// ```
public protocol ExtraType {}
