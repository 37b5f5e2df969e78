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
  // The properties skip the dynamic exclusivity check, as the runtime's do: every access
  // happens on the main actor, and none is held across a call that could reach another.
  /// The mutations reduced outside a send and not yet received, oldest first, with the
  /// state after each.
  @usableFromInline @exclusivity(unchecked) var received: [(mutation: Mutation, state: State)] = []
  /// How many events (reduced mutations, ended effects) there have been.
  @usableFromInline @exclusivity(unchecked) var count = 0
  /// Whether the tester is sending an action. What the engine reduces meanwhile belongs to
  /// the action, whose assertion covers it, so it is not kept to be received.
  @usableFromInline @exclusivity(unchecked) var isSending = false
  /// Whether a wait is suspended on ``waiter``: a flag, where reading the continuation's
  /// optional would go through its value witness.
  @usableFromInline @exclusivity(unchecked) var isWaiting = false
  /// The issues a flow's screens reported since the tester last looked, oldest first.
  var issues: [String] = []
  /// The wait in progress, resumed by the next event or by its deadline's timer.
  private var waiter: CheckedContinuation<Void, Never>?

  @usableFromInline
  init() {}

  /// Notes a reduced mutation and the state after it, and wakes the wait.
  @inlinable
  func reduced(_ mutation: Mutation, _ state: State) {
    if !isSending { received.append((mutation, state)) }
    noteEvent()
  }

  /// Counts an event and wakes the wait.
  @inlinable
  func noteEvent() {
    count &+= 1
    if isWaiting { wake() }
  }

  /// Notes an issue the flow reported, to be reported in the test at its next step.
  func noteIssue(_ message: String) {
    issues.append(message)
    noteEvent()
  }

  /// Suspends until ``wake()``.
  func suspend() async {
    await withCheckedContinuation {
      waiter = $0
      isWaiting = true
    }
  }

  /// Resumes the wait in progress, if there is one.
  @usableFromInline
  func wake() {
    let waiter = self.waiter
    self.waiter = nil
    isWaiting = false
    waiter?.resume()
  }
}
