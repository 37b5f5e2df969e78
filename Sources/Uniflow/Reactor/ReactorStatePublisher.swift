import Foundation

/// A reactor's states as a publisher: each subscriber gets the current state first, then
/// every new state in order. See ``Reactor/state``.
///
/// Subscribe on the main thread for the current state to arrive synchronously; a
/// subscription made on another thread is completed on the main actor.
public struct ReactorStatePublisher<R: Reactor>: Publisher {
  public typealias Output = R.State
  public typealias Failure = Never

  let reactor: R

  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == R.State, Downstream.Failure == Never {
    // The subscriber is only used on the main actor from here on.
    nonisolated(unsafe) let subscriber = subscriber
    let reactor = self.reactor
    if MainActorCheck.isOnMainActor {
      MainActor.assumeIsolated {
        reactor.runtime.subscribe(subscriber, to: reactor)
      }
    } else {
      Task { @MainActor in
        reactor.runtime.subscribe(subscriber, to: reactor)
      }
    }
  }
}
