import Foundation
import Uniflow

/// Every value of the outputs a tester watches, in the order they arrived, from any
/// thread; the engine behind ``StreamTester`` and ``OutputTester``.
///
/// A value an output hands over while it is being subscribed (a `BehaviorRelay`'s or a
/// `Property`'s current value) is its state at the start, not something that happened, so
/// it is not recorded.
final class OutputRecorder: @unchecked Sendable {
  // Sendable because `entries`, `subscribing`, `waiter` and `subscriptions` are only read
  // and written with `lock` held; `names` is immutable.
  struct Entry {
    let channel: Int
    let value: Any
  }

  /// The outputs' names, by channel.
  let names: [String]
  private let lock = Lock()
  private var entries: [Entry] = []
  private var subscribing: Int?
  private var waiter: CheckedContinuation<Void, Never>?
  private var subscriptions: [AnyCancellable] = []

  /// Subscribes to each publisher; channel `i` is `outputs[i]`.
  init(outputs: [(name: String, publisher: any Publisher)]) {
    names = outputs.map(\.name)
    for (channel, output) in outputs.enumerated() {
      watch(output.publisher, channel: channel)
    }
  }

  private func watch<Source: Publisher>(_ publisher: Source, channel: Int) {
    lock.withLock { subscribing = channel }
    let subscription = publisher.sink(
      receiveCompletion: { [weak self] completion in
        if case .failure(let error) = completion { self?.append(error, channel: channel) }
      },
      receiveValue: { [weak self] value in self?.append(value, channel: channel) })
    lock.withLock {
      subscribing = nil
      subscriptions.append(subscription)
    }
  }

  private func append(_ value: Any, channel: Int) {
    lock.lock()
    if subscribing == channel {
      lock.unlock()
      return
    }
    entries.append(Entry(channel: channel, value: value))
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
    waiter?.resume()
  }

  /// The values not yet taken, oldest first.
  var pending: [Entry] { lock.withLock { entries } }

  /// Takes the oldest value, if any.
  func takeFirst() -> Entry? {
    lock.withLock { entries.isEmpty ? nil : entries.removeFirst() }
  }

  /// Forgets every value not yet taken.
  func removeAll() {
    lock.withLock { entries.removeAll() }
  }

  /// Waits until a value is there to take, woken by each arrival rather than by a clock;
  /// gives up after `seconds`. Returns whether one is there.
  func waitForValue(seconds: Double) async -> Bool {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
    while lock.withLock({ entries.isEmpty }) {
      let now = DispatchTime.now().uptimeNanoseconds
      if now >= deadline { return false }
      let timer = Task { [weak self] in
        try? await Task.sleep(nanoseconds: deadline - now)
        self?.wake()
      }
      await withCheckedContinuation { continuation in
        lock.lock()
        if entries.isEmpty {
          waiter = continuation
          lock.unlock()
        } else {
          lock.unlock()
          continuation.resume()
        }
      }
      timer.cancel()
    }
    return true
  }

  private func wake() {
    let waiter = lock.withLock {
      defer { self.waiter = nil }
      return self.waiter
    }
    waiter?.resume()
  }

  /// Stops watching.
  func cancel() {
    let taken = lock.withLock {
      defer { subscriptions.removeAll() }
      return subscriptions
    }
    for subscription in taken { subscription.cancel() }
  }
}
