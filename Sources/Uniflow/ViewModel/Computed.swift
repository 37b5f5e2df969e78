/// A read-only value that is computed each time it is read.
///
/// Use it in an output for a value that has no stream of its own, such as a count
/// derived from state.
///
/// ```swift
/// let items = BehaviorRelay(value: ["a", "b"])
/// let count = Computed { items.value.count }
/// print(count.value)   // 2
/// ```
public struct Computed<Element> {
  private let read: () -> Element

  /// Creates a value read through `read` each time ``value`` is asked for.
  public init(_ read: @escaping () -> Element) {
    self.read = read
  }

  /// A copy of `other`, read the same way; Unio builds one `Computed` from another so.
  public init(_ other: Computed<Element>) {
    self = other
  }

  /// The value, computed now.
  public var value: Element { read() }
}
