// A stand-in for the libraries an app imports beside Uniflow, declaring the names that
// Uniflow shares with them. Compiled into a module named `Neighbours` for the snippets
// that check how those names resolve. Only the shape of each name matters here.

/// SwiftUI's `View`.
public protocol View {
  associatedtype Body
  var body: Body { get }
}

/// swift-dependencies' `@Dependency` property wrapper.
@propertyWrapper
public struct Dependency<Value> {
  public let wrappedValue: Value
  public init(_ value: Value) { wrappedValue = value }
}

/// RxSwift's `DisposeBag`, kept during a migration by the screens not yet ported.
public final class DisposeBag {
  public init() {}
}

/// RxSwift's `Event`.
public enum Event<Element> {
  case next(Element)
  case completed
}

/// RxRelay's `PublishRelay`.
public final class PublishRelay<Element> {
  public init() {}
}

/// ReactiveSwift's `Property`.
public final class Property<Value> {
  public let value: Value
  public init(value: Value) { self.value = value }
}

/// RxSwift's `Single` trait.
public struct Single<Element> {
  public init() {}
}

/// RxCocoa's `Driver`.
public struct Driver<Element> {
  public init() {}
}
