/// One observer of a reactor's state. The runtime calls it on the main actor; cancelling
/// clears it, and the runtime drops cleared observers the next time it delivers a state.
@MainActor
@usableFromInline
final class StateObserver<State> {
  /// Read and written on the main actor only; `nonisolated(unsafe)` so that `clear()` can
  /// be called where the main actor is known to run without `MainActor.assumeIsolated`,
  /// whose closure would be one more allocation for every subscription released.
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) private(set) var receive:
    ((State) -> Void)?

  @usableFromInline
  init(_ receive: @escaping (State) -> Void) {
    self.receive = receive
  }

  func cancel() {
    clear()
  }

  /// Clears the observer; call on the main actor only.
  private nonisolated func clear() {
    receive = nil
  }

  /// A cancellable that clears this observer, from any thread (off the main actor the
  /// observer is cleared on it, shortly after).
  @usableFromInline
  nonisolated func cancellable() -> AnyCancellable {
    AnyCancellable { [self] in
      if MainActorCheck.isOnMainActor {
        clear()
      } else {
        _Concurrency.Task { @MainActor in self.cancel() }
      }
    }
  }
}

/// The Combine subscription for a state observer: it holds the subscriber's demand and
/// the newest value waiting for it, and forwards what the observer receives.
///
/// Values go out on the main actor only, so they cannot overtake each other. While the
/// subscriber has no demand, only the newest value waits; a request from another thread
/// hops to the main actor to send it, and a newer value sent before that hop replaces it.
final class StateSubscription<Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Failure == Never {
  // Sendable because `downstream`, `demand`, `pending` and `observerCancellable` are read
  // and written with `lock` held; values are delivered on the main actor only.
  private let lock = Lock()
  private var downstream: Downstream?
  private var demand = Subscribers.Demand.none
  private var pending: Downstream.Input?
  private var observerCancellable: AnyCancellable?

  init(_ downstream: Downstream) {
    self.downstream = downstream
  }

  func attach(_ cancellable: AnyCancellable) {
    lock.withLock { observerCancellable = cancellable }
  }

  /// Called on the main actor with each new value: it becomes the waiting value (a newer
  /// one replaces it), and goes out if the subscriber wants it.
  func deliver(_ value: Downstream.Input) {
    lock.withLock { if downstream != nil { pending = value } }
    sendPending()
  }

  func request(_ more: Subscribers.Demand) {
    lock.withLock { demand += more }
    if MainActorCheck.isOnMainActor {
      sendPending()
    } else {
      _Concurrency.Task { @MainActor in self.sendPending() }
    }
  }

  func cancel() {
    lock.lock()
    let released = downstream
    downstream = nil
    pending = nil
    let cancellable = observerCancellable
    observerCancellable = nil
    lock.unlock()
    _ = released
    cancellable?.cancel()
  }

  /// Sends the waiting value, if there is one and the subscriber wants it; on the main
  /// actor.
  private func sendPending() {
    lock.lock()
    guard let downstream, demand > .none, let value = pending else {
      lock.unlock()
      return
    }
    pending = nil
    demand -= 1
    lock.unlock()
    send(value, to: downstream)
  }

  private func send(_ value: Downstream.Input, to downstream: Downstream) {
    let more = downstream.receive(value)
    if more > .none {
      lock.withLock { demand += more }
    }
  }
}
