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
  @usableFromInline var list: ContiguousArray<StateObserver<State>> = []

  @usableFromInline
  nonisolated init() {}

  /// Adds an observer at the end of the line.
  @usableFromInline
  mutating func add(_ receive: @escaping (State) -> Void) -> StateObserver<State> {
    let observer = StateObserver(receive)
    list.append(observer)
    return observer
  }

  /// Calls every observer that is still subscribed with `state`, in order.
  @inlinable
  mutating func tell(_ state: State) {
    var sawCancelled = false
    for observer in list {
      if let receive = observer.receive {
        receive(state)
      } else {
        sawCancelled = true
      }
    }
    if sawCancelled { dropCancelled() }
  }

  @usableFromInline
  mutating func dropCancelled() {
    list.removeAll { $0.receive == nil }
  }
}
