/// The stored properties of `value` that are publishers (relays, `Property` values,
/// `AnyPublisher`s), by name, in declaration order: what a stream's `Output` offers. A
/// property wrapper's storage (`_name`) is named as the property (`name`), so a recording
/// and a tester name an output alike.
///
/// ```swift
/// publishers(in: stream.output.wrapped).map(\.name)   // ["isLoading", "repositories"]
/// ```
package func publishers(in value: Any) -> [(name: String, publisher: any Publisher)] {
  Mirror(reflecting: value).children.compactMap { child in
    guard let label = child.label, let publisher = child.value as? any Publisher else {
      return nil
    }
    return (label.hasPrefix("_") ? String(label.dropFirst()) : label, publisher)
  }
}
