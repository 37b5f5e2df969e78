/// The mutations an action causes: none, some right away, or some later from a
/// publisher or an `async` closure.
///
/// The synchronous forms (``none``, ``just(_:)``, an array literal) are applied before
/// `send` returns and cost neither a Combine subscription nor a `Task`.
///
/// ```swift
/// func mutate(action: Action) -> Effect<Mutation> {
///   switch action {
///   case .increase:
///     return .just(.increaseValue)
///   case .refresh:
///     return .concat(
///       .just(.setLoading(true)),
///       .run { send in send(.setItems(try await api.items())) } catch: { _ in .setLoading(false) },
///       .just(.setLoading(false))
///     )
///   case .search(let query):
///     return .publisher(api.search(query).map(Mutation.setResults))
///       .cancellable(id: "search", cancelInFlight: true)
///   }
/// }
/// ```
public struct Effect<Mutation> {
  // `.just` allocates nothing. No case holds a type of the standard library's whose
  // layout may change (`TaskPriority`, `AnyHashable`) in place: one would make every
  // effect's layout unknown where it is used, so that each `.just` is copied and
  // destroyed through value witnesses, about 40% of a plain action's cost. A `run` keeps
  // its priority's raw value; the cases with an id are indirect, allocated only when used.
  @usableFromInline
  enum Operation {
    case none
    case just(Mutation)
    case many([Mutation])
    case publisher(AnyPublisher<Mutation, Never>)
    case run(priority: UInt8?, @Sendable (Send<Mutation>) async -> Void)
    case concat([Effect])
    case merge([Effect])
    indirect case cancellable(id: AnyHashable, cancelInFlight: Bool, Effect)
    indirect case cancel(id: AnyHashable)
  }

  @usableFromInline let operation: Operation

  @usableFromInline
  init(_ operation: Operation) {
    self.operation = operation
  }

  /// No mutation.
  @inlinable
  public static var none: Effect { Effect(.none) }

  /// One mutation, applied right away.
  @inlinable
  public static func just(_ mutation: Mutation) -> Effect { Effect(.just(mutation)) }

  /// Several mutations, applied right away in order.
  public static func sequence(_ mutations: [Mutation]) -> Effect { Effect(.many(mutations)) }

  /// The mutations of a publisher that never fails, as they come. Values delivered off
  /// the main actor are applied on it, in order.
  public static func publisher<Source: Publisher>(_ publisher: Source) -> Effect
  where Source.Output == Mutation, Source.Failure == Never {
    Effect(.publisher(publisher.eraseToAnyPublisher()))
  }

  /// The mutations of a publisher that may fail; its failure becomes the mutation
  /// `catch` returns, or nothing when it returns `nil`. Either way the reactor goes on.
  ///
  /// ```swift
  /// .publisher(api.tasks().map(Mutation.setTasks)) { .setError($0.localizedDescription) }
  /// ```
  public static func publisher<Source: Publisher>(
    _ publisher: Source, catch handle: @escaping (Source.Failure) -> Mutation?
  ) -> Effect where Source.Output == Mutation {
    let recovered = publisher.catch { error in
      Optional.Publisher(handle(error))
    }
    return Effect(.publisher(recovered.eraseToAnyPublisher()))
  }

  /// The mutations of a publisher that may fail, with what its failure becomes said at the
  /// call site: ``OnError/ignore`` ends the effect with no mutation, ``OnError/mutate(_:)``
  /// turns the failure into one. Either way the reactor goes on. For a service that returns
  /// a `Single` (an `AnyPublisher<Value, any Error>`).
  ///
  /// ```swift
  /// .publisher(service.user(id).map(Mutation.setUser), onError: .mutate(Mutation.setError))
  /// .publisher(analytics.send(event).map { _ in .sent }, onError: .ignore)
  /// ```
  public static func publisher<Source: Publisher>(
    _ publisher: Source, onError fate: OnError<Source.Failure>
  ) -> Effect where Source.Output == Mutation {
    Effect.publisher(publisher, catch: fate.handle)
  }

  /// What a failing publisher's failure becomes in ``publisher(_:onError:)``.
  public struct OnError<Failure: Error> {
    let handle: (Failure) -> Mutation?

    /// The failure ends the effect, with no mutation.
    public static var ignore: OnError { OnError { _ in nil } }

    /// The failure becomes the mutation `make` returns.
    public static func mutate(_ make: @escaping (Failure) -> Mutation) -> OnError {
      OnError { make($0) }
    }
  }

  /// This effect, then `next`, one after another; RxSwift's `a.concat(b)`. The same as
  /// the static `concat` with this effect first.
  ///
  /// ```swift
  /// Effect.just(.setLoading(true)).concat(.publisher(load), .just(.setLoading(false)))
  /// ```
  public func concat(_ next: Effect...) -> Effect { .concat([self] + next) }

  /// This effect and `others` at the same time; Combine's `merge(with:)`. The same as
  /// the static `merge` with this effect first.
  public func merge(with others: Effect...) -> Effect { .merge([self] + others) }

  /// Effects one after another: each starts when the previous one has finished.
  public static func concat(_ effects: Effect...) -> Effect { concat(effects) }

  /// Effects one after another: each starts when the previous one has finished.
  public static func concat(_ effects: [Effect]) -> Effect {
    if effects.allSatisfy({ $0.isSynchronous }) {
      return Effect(.many(effects.flatMap { $0.synchronousMutations }))
    }
    return Effect(.concat(effects))
  }

  /// Effects at the same time; it finishes when all have finished.
  public static func merge(_ effects: Effect...) -> Effect { merge(effects) }

  /// Effects at the same time; it finishes when all have finished.
  public static func merge(_ effects: [Effect]) -> Effect {
    if effects.allSatisfy({ $0.isSynchronous }) {
      return Effect(.many(effects.flatMap { $0.synchronousMutations }))
    }
    return Effect(.merge(effects))
  }

  /// Cancels the running effects marked with `id` (see ``cancellable(id:cancelInFlight:)``).
  public static func cancel(id: some Hashable) -> Effect {
    Effect(.cancel(id: AnyHashable(id)))
  }

  /// Marks this effect with `id` so that ``cancel(id:)`` can stop it. With
  /// `cancelInFlight`, starting it first cancels the effects already running with that
  /// id, as `flatMapLatest` does.
  ///
  /// ```swift
  /// .publisher(api.search(query)).cancellable(id: SearchID(), cancelInFlight: true)
  /// ```
  ///
  /// The id need not be `Sendable`: ids are only hashed and compared on the main actor, so an
  /// `enum CancelID: Hashable` of a module whose code defaults to the main actor will do.
  public func cancellable(id: some Hashable, cancelInFlight: Bool = false) -> Effect {
    Effect(.cancellable(id: AnyHashable(id), cancelInFlight: cancelInFlight, self))
  }

  var isSynchronous: Bool {
    switch operation {
    case .none, .just, .many: true
    default: false
    }
  }

  var synchronousMutations: [Mutation] {
    switch operation {
    case .just(let mutation): [mutation]
    case .many(let mutations): mutations
    default: []
    }
  }
}

extension Effect where Mutation: Sendable {
  /// Runs `operation` off the main actor; each `send(_:)` applies a mutation on the main
  /// actor, in order. The task is cancelled with the reactor or by ``cancel(id:)``. An
  /// error it throws becomes the mutation `catch` returns, or nothing.
  ///
  /// ```swift
  /// .run { send in
  ///   for await event in service.events { send(.apply(event)) }
  /// }
  /// ```
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (Send<Mutation>) async throws -> Void,
    catch handle: (@Sendable (any Error) -> Mutation?)? = nil
  ) -> Effect {
    Effect(
      .run(priority: priority?.rawValue) { send in
        do {
          try await operation(send)
        } catch is CancellationError {
        } catch {
          if let mutation = handle?(error) { send(mutation) }
        }
      })
  }
}

extension Effect: ExpressibleByArrayLiteral {
  /// Several mutations, applied right away in order: `return [.setLoading(true), .clear]`.
  public init(arrayLiteral mutations: Mutation...) {
    self.init(.many(mutations))
  }
}

/// What an ``Effect/run(priority:operation:catch:)`` closure calls to send a mutation
/// back to its reactor.
///
/// ```swift
/// .run { send in send(.setUser(try await api.user())) }
/// ```
public struct Send<Mutation>: Sendable {
  let deliver: @Sendable (Mutation) -> Void

  /// Sends `mutation` to the reactor, which applies it on the main actor.
  public func callAsFunction(_ mutation: Mutation) {
    deliver(mutation)
  }
}
