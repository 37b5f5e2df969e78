/// What a ``ReactorTester`` hears from its reactor's engine: the mutations reduced outside
/// a `send` and not yet received, with the state after each, how many events there were,
/// and the wait they wake.
///
/// The engine's watchers hold this box, not the tester. So nothing refers to the tester
/// weakly, and an object with no weak reference keeps its reference counts inline: each
/// `send` retains and releases the tester on the fast path. The box refers to nothing, so
/// a reactor that outlives its tester keeps only the box.
///
/// ```swift
/// let events = EngineEvents<Counter.Mutation, Counter.State>()
/// reactor.runtime.didReduce = { [events] in events.reduced($0, $1) }
/// ```
@MainActor
@usableFromInline
final class EngineEvents<Mutation, State> {
  /// The mutations reduced outside a send and not yet received, oldest first, with the
  /// state after each.
  @usableFromInline var received: [(mutation: Mutation, state: State)] = []
  /// The counts and flags an event reads and updates, together: each access to a class's
  /// property is an exclusivity check, and an event makes one.
  @usableFromInline var status = Status()
  /// The wait in progress, resumed by the next event or by its deadline's timer.
  private var waiter: CheckedContinuation<Void, Never>?

  /// See ``status``.
  @usableFromInline
  struct Status {
    /// How many events (reduced mutations, ended effects) there have been.
    @usableFromInline var count = 0
    /// Whether the tester is sending an action. What the engine reduces meanwhile belongs
    /// to the action, whose assertion covers it, so it is not kept to be received.
    @usableFromInline var isSending = false
    /// Whether a wait is suspended on the waiter: a flag, where reading the continuation's
    /// optional would go through its value witness.
    @usableFromInline var isWaiting = false

    @usableFromInline
    init() {}

    /// Counts an event, and returns the status after it.
    @inlinable
    mutating func counted() -> Status {
      count &+= 1
      return self
    }
  }

  @usableFromInline
  init() {}

  /// How many events there have been.
  var count: Int { status.count }

  /// Notes a reduced mutation and the state after it, and wakes the wait.
  @inlinable
  func reduced(_ mutation: Mutation, _ state: State) {
    let status = status.counted()
    if !status.isSending { received.append((mutation, state)) }
    if status.isWaiting { wake() }
  }

  /// Counts an event and wakes the wait.
  @inlinable
  func noteEvent() {
    if status.counted().isWaiting { wake() }
  }

  /// Suspends until ``wake()``.
  func suspend() async {
    await withCheckedContinuation {
      waiter = $0
      status.isWaiting = true
    }
  }

  /// Resumes the wait in progress, if there is one.
  @usableFromInline
  func wake() {
    let waiter = self.waiter
    self.waiter = nil
    status.isWaiting = false
    waiter?.resume()
  }
}
