/// The subscription an engine subscriber holds so that it can cancel it: kept when it
/// arrives (asking for every value), cancelled once, from any thread.
///
/// ```swift
/// func receive(subscription: any Subscription) { held.keep(subscription) }
/// func cancel() { held.cancel() }
/// ```
@usableFromInline
final class HeldSubscription: @unchecked Sendable {
  // Sendable because `subscription`, its only mutable state, is read and written with
  // `lock` held.
  private let lock = Lock()
  private var subscription: (any Subscription)?

  @usableFromInline
  init() {}

  /// Keeps `subscription` and asks it for every value.
  @usableFromInline
  func keep(_ subscription: any Subscription) {
    lock.withLock { self.subscription = subscription }
    subscription.request(.unlimited)
  }

  /// Cancels the subscription kept, if any, and forgets it; outside the lock, since a
  /// cancel may call back.
  @usableFromInline
  func cancel() {
    let subscription = lock.withLock {
      defer { self.subscription = nil }
      return self.subscription
    }
    subscription?.cancel()
  }
}
