// A stand-in for SwiftUI, compiled on Linux so that the library's `#if canImport(SwiftUI)`
// code is type-checked (see README.md). It declares only what that code uses, with the
// signatures and isolation of Apple's documentation; nothing here is ever run.
@_exported import Foundation

/// Apple: `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`, `Sendable`
/// when its value is.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
  private let read: @isolated(any) @Sendable () -> Value
  private let write: @isolated(any) @Sendable (Value) -> Void

  /// Apple: `@preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value,
  /// set: @escaping @isolated(any) @Sendable (Value) -> Void)`.
  @preconcurrency
  public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {
    read = get
    write = set
  }

  /// Apple: `var wrappedValue: Value { get nonmutating set }`. A stand-in's value cannot
  /// be read: it is compiled, never run.
  public var wrappedValue: Value {
    get { fatalError("SwiftUI stand-in: compiled on Linux, never run") }
    nonmutating set { fatalError("SwiftUI stand-in: compiled on Linux, never run") }
  }

  /// Apple: `var projectedValue: Binding<Value> { get }`.
  public var projectedValue: Binding<Value> { self }

  /// Apple: `subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
  /// -> Binding<Subject> { get }`.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  {
    fatalError("SwiftUI stand-in: compiled on Linux, never run")
  }
}

extension Binding: Sendable where Value: Sendable {}
