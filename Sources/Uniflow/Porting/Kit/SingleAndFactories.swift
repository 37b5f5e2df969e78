/// RxSwift's `Single`, for a service call that answers once or fails: a publisher of one
/// value, erased as every service's is. Make one from `async` code with
/// `Single { try await … }`, or from a value with `.just` or a failure with `.error`.
///
/// ```swift
/// protocol UserService: Sendable {
///   func user(id: Int) -> Single<User>
/// }
/// struct LiveUserService: UserService {
///   func user(id: Int) -> Single<User> { Single { try await api.user(id: id) } }
/// }
/// // A mock: `Single.just(User(id: 1))`, or `Single.error(URLError(.notConnectedToInternet))`
/// ```
///
/// A name it shares with RxSwift: in a file that imports both, write `Uniflow.Single`.
public typealias Single<Output> = AnyPublisher<Output, any Error>

/// RxSwift's `Completable`: a call that answers with nothing but success or failure.
///
/// ```swift
/// func save(_ note: Note) -> Completable { Completable { try await store.save(note) } }
/// ```
public typealias Completable = AnyPublisher<Never, any Error>

extension AnyPublisher {
  /// One value, then the end; RxSwift's `Observable.just` and `Single.just`.
  public static func just(_ value: Output) -> AnyPublisher {
    Just(value).setFailureType(to: Failure.self).eraseToAnyPublisher()
  }

  /// A failure and nothing else; RxSwift's `.error(_:)`.
  public static func error(_ failure: Failure) -> AnyPublisher {
    Fail(error: failure).eraseToAnyPublisher()
  }

  /// The end, with no value; RxSwift's `.empty()`.
  public static func empty() -> AnyPublisher {
    Empty(completeImmediately: true).eraseToAnyPublisher()
  }

  /// Nothing, ever: no value and no end; RxSwift's `.never()`.
  public static func never() -> AnyPublisher {
    Empty(completeImmediately: false).eraseToAnyPublisher()
  }
}

extension AnyPublisher where Failure == any Error, Output: Sendable {
  /// A publisher that calls `operation` once per subscription (a ``TaskPublisher``): the
  /// `Single` of an `async` service call.
  ///
  /// ```swift
  /// Single { try await api.user(id: 1) }
  /// ```
  // Disfavoured, so that `Completable { … }` (whose output is `Never`) picks the
  // initializer below.
  @_disfavoredOverload
  public init(
    fileID: StaticString = #fileID, line: UInt = #line,
    _ operation: @escaping @Sendable () async throws -> Output
  ) {
    self = TaskPublisher(fileID: fileID, line: line, operation).eraseToAnyPublisher()
  }
}

extension AnyPublisher where Output == Never, Failure == any Error {
  /// A `Completable` that runs `operation` once per subscription, and finishes when it
  /// returns or fails with what it throws.
  ///
  /// ```swift
  /// Completable { try await store.save(note) }
  /// ```
  public init(
    fileID: StaticString = #fileID, line: UInt = #line,
    _ operation: @escaping @Sendable () async throws -> Void
  ) {
    self = TaskPublisher(fileID: fileID, line: line, operation)
      .flatMap { _ in Empty<Never, any Error>() }
      .eraseToAnyPublisher()
  }
}
