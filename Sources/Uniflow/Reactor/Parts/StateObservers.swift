/// A reactor's state observers, in the order they subscribed. Only touched on the main
/// actor, so telling them a state takes no lock.
///
/// ```swift
/// var observers = StateObservers<Int>()
/// let observer = observers.add { print($0) }
/// observers.tell(1)       // prints 1
/// observer.cancel()
/// observers.tell(2)       // prints nothing, and forgets the cancelled observer
/// ```
@MainActor
@usableFromInline
struct StateObservers<State> {
  /// The first observer, kept out of the array: most reactors have one, so most never
  /// allocate one (an array's buffer, made and freed, was a sixth of a reactor's life).
  /// `nil` only when there are none.
  @usableFromInline var first: StateObserver<State>?
  /// The others, in the order they subscribed.
  @usableFromInline var rest: ContiguousArray<StateObserver<State>> = []

  @usableFromInline
  nonisolated init() {}

  /// Adds an observer at the end of the line.
  @usableFromInline
  mutating func add(_ receive: @escaping (State) -> Void) -> StateObserver<State> {
    let observer = StateObserver(receive)
    if first == nil { first = observer } else { rest.append(observer) }
    return observer
  }

  /// Calls every observer that is still subscribed with `state`, in order. An observer
  /// added by one of these calls hears from the next state on.
  @inlinable
  mutating func tell(_ state: State) {
    guard let first else { return }
    let others = rest
    var sawCancelled = false
    if let receive = first.receive { receive(state) } else { sawCancelled = true }
    for observer in others {
      if let receive = observer.receive {
        receive(state)
      } else {
        sawCancelled = true
      }
    }
    if sawCancelled { dropCancelled() }
  }

  /// Forgets the cancelled observers; the others keep their order.
  @usableFromInline
  mutating func dropCancelled() {
    var live = ContiguousArray<StateObserver<State>>()
    if let first, first.receive != nil { live.append(first) }
    live += rest.lazy.filter { $0.receive != nil }
    first = live.first
    rest = ContiguousArray(live.dropFirst())
  }
}
