/// The subscription an engine subscriber holds so that it can cancel it: kept when it
/// arrives (asking for every value), cancelled once, from any thread.
///
/// ```swift
/// func receive(subscription: any Subscription) { held.keep(subscription) }
/// func cancel() { held.cancel() }
/// ```
@usableFromInline
final class HeldSubscription: @unchecked Sendable {
  // Unchecked because a subscription need not be Sendable: it is reached only through
  // `subscription`'s lock, and cancelled with it released.
  private let subscription = Locked<(any Subscription)?>(nil)

  @usableFromInline
  init() {}

  /// Keeps `subscription` and asks it for every value.
  @usableFromInline
  func keep(_ subscription: any Subscription) {
    self.subscription.withLock { $0 = subscription }
    subscription.request(.unlimited)
  }

  /// Cancels the subscription kept, if any, and forgets it; outside the lock, since a
  /// cancel may call back.
  @usableFromInline
  func cancel() {
    let kept = subscription.withLock { subscription in
      defer { subscription = nil }
      return subscription
    }
    kept?.cancel()
  }
}
